import { Suspense, use, type ReactNode } from 'react';
import { Outlet, useLoaderData } from 'react-router-dom';
import { APP_NAME } from '../config';
import { TextLink } from '../mui-free/TextLink';
import { route } from '../paths';
import { Logo } from './header-footer/Logo';
import { StatusBanner } from './header-footer/StatusBanner';
import '../mui-free/muiFree.css';

/**
 * The signed-out layout (specification §1): the status banner and the page centred on a card.
 * `wide` gives reading pages (terms, privacy) a wider card than the forms. Plain markup and CSS,
 * no MUI: the signed-out pages load none (the public pages bring their own, see PublicLayout).
 */
export function PlainFrame({ wide = false, banner }: { wide?: boolean; banner: ReactNode }) {
  return (
    <div className="pj-plain">
      {banner}
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

/**
 * What the plain layout's route loader (routes.tsx) starts: the banner's text, not awaited (null
 * when it failed). Read without react-query, which would add a tenth to /login (bench/bundle.ts).
 */
export interface PlainLayoutData {
  statusText: Promise<string | null>;
}

function StatusText({ text }: { text: Promise<string | null> }) {
  return use(text);
}

export default function PlainLayout() {
  const { statusText } = useLoaderData<PlainLayoutData>();
  // The banner's strip stays; only its text waits for the answer.
  const text = (
    <Suspense fallback="Loading...">
      <StatusText text={statusText} />
    </Suspense>
  );
  return <PlainFrame banner={<StatusBanner text={text} />} />;
}
