import type { Guard, GuardContext, GuardRedirect } from './types';

/** Runs a route's guards in the order the route lists them; the first redirect wins. */
export function runGuards(guards: readonly Guard[], context: GuardContext): GuardRedirect | undefined {
  for (const guard of guards) {
    const verdict = guard(context);
    if (verdict) return verdict;
  }
  return undefined;
}
