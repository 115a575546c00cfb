import { Link as RouterLink } from 'react-router-dom';
import { APP_NAME } from '../../config';

/** The logo, linking to the home page (specification §2). */
export function Logo({ height = 40 }: { height?: number }) {
  return (
    <RouterLink to="/" style={{ display: 'inline-flex', lineHeight: 0 }}>
      {/* The image's text is the link's name: "Print Junction Trade", leading home. */}
      <img src="/logo.svg" alt={`${APP_NAME} home`} height={height} width={Math.round(height * 4.5)} />
    </RouterLink>
  );
}
