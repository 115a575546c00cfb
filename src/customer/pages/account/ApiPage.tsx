import { PageFrame } from '../../components/PageFrame';
import { WebhooksSection } from './api/WebhooksSection';

/** The trade API's page: its sections side by side, each self-contained. */
export default function ApiPage() {
  return (
    <PageFrame title="Trade API">
      <WebhooksSection />
    </PageFrame>
  );
}
