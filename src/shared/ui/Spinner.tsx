import './spinner.css';

/**
 * A spinning circle in the current text colour: MUI's indeterminate CircularProgress drawn with
 * plain SVG and CSS, so pages without MUI (the signed-out ones, the first load) can show it too.
 * Decoration only: whatever shows it says in words that something is under way.
 */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <span className="pj-spinner" style={{ width: size, height: size }} aria-hidden="true">
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
