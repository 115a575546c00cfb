import { useSyncExternalStore } from 'react';
import { PROGRESS, navigationProgress, type ProgressController } from './progress';

/**
 * The thin bar at the top of the window (specification §9). Plain styles rather than MUI's
 * LinearProgress: the height, colours and timing are the specification's, not a theme's.
 */
export function ProgressBar({ controller = navigationProgress }: { controller?: ProgressController }) {
  const { visible, percent, failed } = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return (
    <div
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-hidden={!visible}
      data-failed={failed || undefined}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2000,
        height: `${PROGRESS.heightPx}px`,
        width: `${percent}%`,
        backgroundColor: failed ? PROGRESS.failedColor : PROGRESS.color,
        opacity: visible ? 1 : 0,
        transition: `width ${PROGRESS.tickMs}ms linear, opacity ${PROGRESS.hideAfterMs}ms ease-out`,
        pointerEvents: 'none',
      }}
    />
  );
}
