import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { PROGRESS, ProgressController } from '../../src/customer/navigation/progress';
import { ProgressBar } from '../../src/customer/navigation/ProgressBar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the progress bar constants (specification §9)', () => {
  it('are light blue #77b6ff, 2 px, 3000 ms nominal, a tick every 100 ms, finishing past 95 %', () => {
    expect(PROGRESS).toMatchObject({ color: '#77b6ff', heightPx: 2, durationMs: 3000, tickMs: 100, autoFinishAbove: 95 });
  });
});

describe('ProgressController', () => {
  it('grows one tick every 100 ms, at the rate that fills it in 3000 ms', () => {
    const bar = new ProgressController();
    bar.start();
    expect(bar.getState()).toEqual({ visible: true, percent: 0, failed: false });
    vi.advanceTimersByTime(99);
    expect(bar.getState().percent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(bar.getState().percent).toBeCloseTo(100 / 30);
    vi.advanceTimersByTime(1400);
    expect(bar.getState().percent).toBeCloseTo(50);
  });

  it('finishes by itself once past 95 % (after 2900 ms), then hides', () => {
    const bar = new ProgressController();
    bar.start();
    vi.advanceTimersByTime(2800);
    expect(bar.getState().percent).toBeCloseTo(93.33);
    expect(bar.running).toBe(true);
    vi.advanceTimersByTime(100);
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    expect(bar.running).toBe(false);
    vi.advanceTimersByTime(PROGRESS.hideAfterMs);
    expect(bar.getState().visible).toBe(false);
  });

  it('finish() completes a running bar and is a no-op otherwise', () => {
    const bar = new ProgressController();
    bar.finish();
    expect(bar.getState().visible).toBe(false);
    bar.start();
    vi.advanceTimersByTime(500);
    bar.finish();
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(PROGRESS.hideAfterMs);
    expect(bar.getState()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('fail() fills it red, and the next start() is light blue again', () => {
    const bar = new ProgressController();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.fail();
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: true });
    bar.finish(); // the navigation's end, reported after the failure, keeps it red
    expect(bar.getState().failed).toBe(true);
    bar.start();
    expect(bar.getState().failed).toBe(false);
  });

  it('a new navigation restarts the bar from zero', () => {
    const bar = new ProgressController();
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.start();
    expect(bar.getState().percent).toBe(0);
  });
});

describe('<ProgressBar>', () => {
  it('draws 2 px high in #77b6ff at the current width, and red on failure', () => {
    const bar = new ProgressController();
    render(<ProgressBar controller={bar} />);
    const element = screen.getByRole('progressbar', { hidden: true });
    expect(element.style.opacity).toBe('0');

    act(() => bar.start());
    act(() => vi.advanceTimersByTime(1500));
    expect(element.style.height).toBe('2px');
    expect(element.style.width).toMatch(/^50(\.\d+)?%$/);
    expect(element.style.backgroundColor).toBe('rgb(119, 182, 255)');
    expect(element.style.opacity).toBe('1');

    act(() => bar.fail());
    expect(element.style.width).toBe('100%');
    expect(element.style.backgroundColor).toBe('rgb(229, 57, 53)');
  });
});
