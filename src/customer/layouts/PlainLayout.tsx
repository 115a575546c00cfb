import { Outlet } from 'react-router-dom';
import { APP_NAME } from '../config';
import { TextLink } from '../plain/TextLink';
import { route } from '../routes';
import { Logo } from './parts/Logo';
import { StatusBanner } from './parts/StatusBanner';
import '../plain/plain.css';

/**
 * The signed-out layout (specification §1): the status banner and the page centred on a card.
 * `wide` gives reading pages (terms, privacy) a wider card than the forms. Plain markup and CSS,
 * no MUI: the signed-out pages load none (the public pages bring their own, see PublicLayout).
 */
export function PlainFrame({ wide = false }: { wide?: boolean }) {
  return (
    <div className="pj-plain">
      <StatusBanner />
      <main className="pj-plain-main">
        <div className={wide ? 'pj-container pj-container-md' : 'pj-container pj-container-sm'}>
          <div className="pj-plain-logo">
            <Logo height={48} />
          </div>
          <div className="pj-paper pj-plain-card">
            <Outlet />
          </div>
          {/* A flex gap rather than margins, so a line that wraps on a phone stays centred. */}
          <div className="pj-plain-footer">
            <p className="pj-body2 pj-text-secondary">
              © {new Date().getFullYear()} {APP_NAME}
            </p>
            <TextLink to={route('privacy')} small>
              Privacy notice
            </TextLink>
            <TextLink to={route('terms')} small>
              Terms and conditions
            </TextLink>
          </div>
        </div>
      </main>
    </div>
  );
}

export default function PlainLayout() {
  return <PlainFrame />;
}
