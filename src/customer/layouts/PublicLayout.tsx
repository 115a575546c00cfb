import { useAuth } from '../../shared/auth';
import { QueryProvider } from '../api/queryClient';
import { useSettingText } from '../api/settingHooks';
import { DefaultFrame } from './DefaultLayout';
import { MuiTheme } from './MuiTheme';
import { PlainFrame } from './PlainLayout';
import { StatusBanner } from './header-footer/StatusBanner';

/** The signed-out frame with a wider card, its banner read through the query cache. */
function WidePlainFrame() {
  return <PlainFrame wide banner={<StatusBanner text={useSettingText('STATUS_TEXT')} />} />;
}

/**
 * For pages anyone may read (terms, privacy, not found, unauthorized): the signed-in layout for a
 * signed-in user, the signed-out one (with a wider card) for everyone else. These pages use MUI
 * and the query cache, so both are around either frame.
 */
export default function PublicLayout() {
  const { signedIn } = useAuth();
  return (
    <QueryProvider>
      <MuiTheme>{signedIn ? <DefaultFrame /> : <WidePlainFrame />}</MuiTheme>
    </QueryProvider>
  );
}
