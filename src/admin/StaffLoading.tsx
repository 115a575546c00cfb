import { LoadingIndicator } from '../shared/ui';

/** react-admin's loading screen: the site's own "Loading / Please wait". */
export function StaffLoading() {
  return <LoadingIndicator />;
}
