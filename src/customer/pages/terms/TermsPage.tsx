import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { SettingText } from '../../components/SettingText';
import { APP_NAME, WORKING_HOURS } from '../../config';
import { route } from '../../paths';
import { LegalPage } from './LegalPage';
import { LegalSection, P } from './LegalSection';

export default function TermsPage() {
  return (
    <LegalPage
      updated="1 September 2025"
      summary={
        <P>
          In short: we print for businesses. You are responsible for your artwork, so check it carefully before you order. Approved trade accounts pay within 30
          days of the invoice. If something is wrong with an order, tell us through the Resolution Centre within 7 days of delivery and we will put it right.
        </P>
      }
    >
      <LegalSection id="about" heading="1. About these terms">
        <P>
          These terms apply to every order placed with {APP_NAME} (“we”, “us”) through this website. Our address is: <SettingText name="COMPANY_ADDRESS" />.
        </P>
        <P>
          We sell to businesses only: design agencies, resellers and other trade buyers. By opening an account you confirm that you act for a business and not
          as a consumer. Nothing in these terms affects rights that the law does not allow us to exclude.
        </P>
      </LegalSection>

      <LegalSection id="account" heading="2. Your account">
        <P>
          New accounts may need our approval before they can order. Keep your password to yourself: orders placed from your account are treated as placed by
          you. Tell us straight away if you think someone else has used it.
        </P>
      </LegalSection>

      <LegalSection id="orders" heading="3. Placing an order">
        <P>
          Prices are in pounds sterling and exclude VAT, which is added at the current rate. The price of an order is fixed when you confirm it. A contract is
          made when you confirm the order and it is shown as Pending. We may decline an order, for example if its artwork cannot be printed or its content is
          unlawful; we will tell you why.
        </P>
        <P>You can cancel an order while it is Pending. Once it is Processing, paper and press time are committed and it can no longer be cancelled.</P>
      </LegalSection>

      <LegalSection id="artwork" heading="4. Your artwork">
        <P>
          You are responsible for the content and accuracy of your artwork. We print the files you upload; we do not proofread spelling, prices, dates, phone
          numbers or layout. Please send print-ready PDF files:
        </P>
        <ul>
          <li>at the finished size plus 3 mm bleed on every edge, with important content at least 3 mm inside the trim;</li>
          <li>in CMYK, with images at 300 dpi at the printed size and all fonts embedded or outlined;</li>
          <li>one page per printed side, in the right order.</li>
        </ul>
        <P>
          If we notice a technical problem we put the order on Issues and tell you what is needed; production waits for you. You confirm that you have the right
          to print everything in your artwork (copyright, trade marks, images) and that it is lawful. You will compensate us for claims made against us because
          of your artwork.
        </P>
        <P>
          Colours vary slightly between screens and printed paper, between paper stocks and between print runs, and cutting may vary by up to 1 mm. These normal
          variations are not faults.
        </P>
      </LegalSection>

      <LegalSection id="payment" heading="5. Payment">
        <P>
          Approved trade accounts pay each invoice within 30 days of its date. Other accounts pay before production. On late payment we may charge interest and
          compensation under the Late Payment of Commercial Debts (Interest) Act 1998, and we may hold new orders until overdue invoices are paid. Printed goods
          remain ours until they are paid for in full.
        </P>
      </LegalSection>

      <LegalSection id="delivery" heading="6. Production and delivery">
        <P>
          Production and delivery times are estimates given in working days ({WORKING_HOURS}), counted from the time your artwork is ready to print. We deliver
          by Royal Mail, by courier, or for collection, as you choose when you order. Orders can be dispatched under your own company logo so that your clients
          see your name, not ours.
        </P>
        <P>
          Responsibility for the goods passes to you on delivery. Please check deliveries when they arrive. If a parcel has not arrived within 7 days of
          dispatch, tell us through the Resolution Centre so that we can trace it with the carrier.
        </P>
      </LegalSection>

      <LegalSection id="complaints" heading="7. Problems with an order">
        <P>
          If an order is faulty, damaged or wrong, raise it in the{' '}
          <Link component={RouterLink} to={route('tickets.index')}>
            Resolution Centre
          </Link>{' '}
          within 7 days of delivery, with photographs where you can, and keep the goods until we have looked at it. Where the fault is ours we will reprint the
          affected items or credit you, at our choice. We cannot accept complaints about faults that were in the artwork supplied, or about the normal
          variations described above.
        </P>
      </LegalSection>

      <LegalSection id="liability" heading="8. Our liability">
        <P>
          We do not limit our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to
          limit. Otherwise our total liability for an order is limited to the price paid for that order, and we are not liable for loss of profit, business or
          goodwill, or for indirect loss.
        </P>
      </LegalSection>

      <LegalSection id="general" heading="9. General">
        <P>
          How we use personal information is explained in our{' '}
          <Link component={RouterLink} to={route('privacy')}>
            privacy notice
          </Link>
          . We may update these terms; the version on this page when you confirm an order applies to that order. These terms are governed by the law of England
          and Wales, and its courts decide any dispute.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
