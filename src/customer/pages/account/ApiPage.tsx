import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useAuth } from '../../../shared/auth';
import { COMPANY_REFUSALS } from '../../../shared/domain/companies/roles';
import { PageFrame } from '../../components/PageFrame';
import { ApiKeysSection } from './api/ApiKeysSection';
import { WebhooksSection } from './api/WebhooksSection';

/**
 * /account/api: the company's trade API keys and webhook endpoints, each section self-contained, with
 * the way to the developer documentation. They are the company's owners' to manage: a buyer or viewer
 * is told so instead of being shown lists they would be refused.
 */
export default function ApiPage() {
  const { user } = useAuth();
  const owner = user?.company_role === 'owner';
  return (
    <PageFrame
      title="Trade API"
      intro={
        <>
          Place and follow orders from your own systems. How it works, with examples: <Link href="/developers">the developer documentation</Link>.
        </>
      }
    >
      {owner ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
        </>
      ) : (
        <Alert severity="info" sx={{ maxWidth: 760 }}>
          {COMPANY_REFUSALS.manage_billing} Your company’s API keys and webhooks are theirs to make and revoke.
        </Alert>
      )}
    </PageFrame>
  );
}
