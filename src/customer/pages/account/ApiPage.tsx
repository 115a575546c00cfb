import Link from '@mui/material/Link';
import { PageFrame } from '../../components/PageFrame';
import { ApiKeysSection } from './api/ApiKeysSection';
import { WebhooksSection } from './api/WebhooksSection';

/** /account/api: the account's trade API keys and webhook endpoints, each section self-contained, with the way to the developer documentation. */
export default function ApiPage() {
  return (
    <PageFrame
      title="Trade API"
      intro={
        <>
          Place and follow orders from your own systems. How it works, with examples: <Link href="/developers">the developer documentation</Link>.
        </>
      }
    >
      <ApiKeysSection />
      <WebhooksSection />
    </PageFrame>
  );
}
