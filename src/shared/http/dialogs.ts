// The error dialogs of the specification's error catalogue (§8). Loaded lazily by the client so
// sweetalert2 stays out of the first page load; its CSS is bundled by Vite with this chunk.
import Swal from 'sweetalert2/dist/sweetalert2.js';
import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import 'sweetalert2/dist/sweetalert2.min.css';
import { currentFocus, restoreFocus } from '../ui/focus';

type DialogKind = 'session-expired' | 'server-error';

/** The brand's ink blue and a quiet grey (src/shared/ui/theme.ts), not sweetalert2's own purple. */
const BUTTON_COLOURS = { confirmButtonColor: '#163a6b', cancelButtonColor: '#4a5565' } as const;

/**
 * The error dialog on screen, if any. Only one may be open at a time; it is cleared when that
 * dialog closes. An object (not just the kind) so a dialog replaced by a newer one cannot clear
 * the newer one's entry when its own promise settles.
 */
let openDialog: { kind: DialogKind } | null = null;

async function show(kind: DialogKind, options: SweetAlertOptions): Promise<SweetAlertResult> {
  const dialog = { kind };
  openDialog = dialog;
  // sweetalert2 returns focus to what had it when the dialog opened; that is <body> when the
  // request's own button was disabled meanwhile. What the user was on gets it back instead.
  const opener = currentFocus();
  try {
    return await Swal.fire({ ...options, returnFocus: false, didClose: () => restoreFocus(opener) });
  } finally {
    if (openDialog === dialog) openDialog = null;
  }
}

/**
 * 401 while signed in. Resolves true when the user chose OK. It replaces a server-error dialog
 * (the session matters more) but never stacks on another session dialog: parallel requests that
 * all fail with 401 ask once, and the later ones resolve false.
 */
export async function confirmSessionExpired(): Promise<boolean> {
  if (openDialog?.kind === 'session-expired') return false;
  const result = await show('session-expired', {
    icon: 'warning',
    title: 'Token Expected',
    text: 'Token Expired',
    showCancelButton: true,
    confirmButtonText: 'OK',
    cancelButtonText: 'Cancel',
    ...BUTTON_COLOURS,
  });
  return result.isConfirmed;
}

/** The server's own HTML error page, shown inert: a sandbox without allow-scripts. */
function sandboxedPage(html: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', '');
  frame.setAttribute('srcdoc', html);
  frame.setAttribute('title', 'Server error details');
  frame.style.cssText = 'display:block;width:100%;height:calc(100vh - 7em);border:0;background:#fff';
  return frame;
}

/**
 * Status >= 500: the HTML page full-screen without a confirm button (Escape or the close button
 * dismiss it), otherwise a plain error message. Does nothing while any error dialog is open.
 */
export function showServerError(html: string | null): void {
  if (openDialog) return;
  const options: SweetAlertOptions =
    html === null
      ? { icon: 'error', title: 'Error', text: 'There has been an error', confirmButtonText: 'OK', ...BUTTON_COLOURS }
      : {
          html: sandboxedPage(html),
          grow: 'fullscreen',
          padding: '0.5em',
          showConfirmButton: false,
          showCloseButton: true,
          // Without a title the dialog would have no accessible name.
          didOpen: (popup) => popup.setAttribute('aria-label', 'Server error'),
        };
  void show('server-error', options);
}
