import { SettingValue } from '../../../shared/ui/useSettingText';
import '../../plain/plain.css';

/**
 * The status banner of both the signed-in and signed-out layouts: the STATUS_TEXT setting
 * ("Loading..." meanwhile). With no text set, or when it cannot be loaded, the strip disappears.
 * Plain markup (no MUI): the signed-out pages show it too.
 */
export function StatusBanner() {
  return (
    <div role="status" aria-label="Service status" className="pj-banner">
      <SettingValue name="STATUS_TEXT" />
    </div>
  );
}
