import type { ReactNode } from 'react';
import '../../mui-free/muiFree.css';

/**
 * The status banner of both the signed-in and signed-out layouts: the STATUS_TEXT setting
 * ("Loading..." meanwhile). With no text set, or when it cannot be loaded (null), the strip
 * disappears. Plain markup (no MUI): the signed-out pages show it too. The layouts read the
 * setting, each in its own way (PlainLayout without react-query).
 */
export function StatusBanner({ text }: { text: ReactNode }) {
  return (
    <div role="status" aria-label="Service status" className="pj-banner">
      {text}
    </div>
  );
}
