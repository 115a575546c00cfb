import Link from '@mui/material/Link';
import { SettingText } from '../../components/SettingText';
import { APP_NAME } from '../../config';
import { LegalPage } from './LegalPage';
import { LegalSection, P } from './LegalSection';

export default function PrivacyPage() {
  return (
    <LegalPage
      updated="1 September 2025"
      summary={
        <P>
          In short: we use your details to run your account, print and deliver your orders and invoice you. We share them only with those who help us do that,
          such as delivery companies. We do not sell them, and we use no advertising or tracking cookies.
        </P>
      }
    >
      <LegalSection id="who" heading="1. Who we are">
        <P>
          {APP_NAME} is the controller of the personal information described here, under the UK General Data Protection Regulation (UK GDPR) and the Data
          Protection Act 2018. Our address is: <SettingText name="COMPANY_ADDRESS" />.
        </P>
      </LegalSection>

      <LegalSection id="what" heading="2. What we collect">
        <ul>
          <li>Account details: your name, title, company name, e-mail address, telephone numbers and address.</li>
          <li>
            Order details: what you order, your artwork files, and the names, addresses and contact details of the people you ask us to deliver to. If you give
            us details of your own clients, make sure you may share them with us.
          </li>
          <li>Invoices and payments, and the messages and files you send through the Resolution Centre.</li>
          <li>Technical details: when you sign in, the browser you use, and your IP address in our server logs.</li>
        </ul>
        <P>Your password is stored only in a scrambled (hashed) form that nobody, including our staff, can read.</P>
      </LegalSection>

      <LegalSection id="why" heading="3. Why we use it, and on what basis">
        <ul>
          <li>To run your account and to print, deliver and invoice your orders: this is needed for our contract with you.</li>
          <li>To keep accounting and VAT records: this is a legal obligation.</li>
          <li>
            To keep the service secure, prevent fraud, answer your messages and send you e-mails about your orders: these are our legitimate interests in
            running a safe and reliable service.
          </li>
        </ul>
        <P>We do not send marketing e-mails unless you have asked for them.</P>
      </LegalSection>

      <LegalSection id="cookies" heading="4. Cookies">
        <P>We use only the cookies the site needs to work, so we do not ask for consent to them:</P>
        <ul>
          <li>
            <strong>token</strong> keeps you signed in: until you close the browser, or for 365 days if you choose “Remember me”.
          </li>
          <li>
            <strong>XSRF-TOKEN</strong> protects your account against forged requests from other websites.
          </li>
          <li>
            <strong>intended_url</strong> remembers the page you asked for before signing in, until you close the browser.
          </li>
        </ul>
        <P>We use no advertising, analytics or social media tracking cookies.</P>
      </LegalSection>

      <LegalSection id="sharing" heading="5. Who we share it with">
        <ul>
          <li>Delivery companies such as Royal Mail and couriers: the delivery name, address, phone number and e-mail.</li>
          <li>Companies that host our systems and send our e-mails, who act only on our instructions.</li>
          <li>Our accountants and professional advisers, and HMRC or other authorities where the law requires it.</li>
        </ul>
        <P>When you send an order abroad, the delivery details go to the carriers that deliver it in that country. We do not sell personal information.</P>
      </LegalSection>

      <LegalSection id="keeping" heading="6. How long we keep it">
        <P>
          We keep your account details while your account is open. Orders and invoices are kept for six years after the end of the financial year they belong
          to, as tax law requires. Artwork is kept with its order so that you can reorder; you can ask us to delete it sooner.
        </P>
      </LegalSection>

      <LegalSection id="rights" heading="7. Your rights">
        <P>
          You can ask for a copy of your personal information, ask us to correct it (you can change most of it yourself on your profile page), to delete it, to
          restrict or object to how we use it, or to receive it in a portable form. Write to us at the address above. We answer within one month.
        </P>
        <P>
          If you are unhappy with how we use your information, please tell us first. You can also complain to the Information Commissioner’s Office:{' '}
          <Link href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer">
            ico.org.uk
          </Link>
          , telephone 0303 123 1113.
        </P>
      </LegalSection>

      <LegalSection id="changes" heading="8. Changes to this notice">
        <P>When we change this notice we update the date at the top of this page.</P>
      </LegalSection>
    </LegalPage>
  );
}
