import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider';

/** The server's message for the file, else its general message. */
function problemOf(error: unknown): string {
  const body = (error as { body?: { message?: string; errors?: Record<string, string> } }).body;
  return body?.errors?.file ?? body?.message ?? (error instanceof Error ? error.message : 'The logo could not be saved.');
}

/** Upload (or replace) and remove a user's logo; the record reloads afterwards so every view shows it. */
export function useLogoActions(userId: number) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    problem,
    upload: (file: File) => run(() => dataProvider.uploadLogo(userId, file), 'The logo has been saved.'),
    remove: () => run(() => dataProvider.removeLogo(userId), 'The logo has been removed.'),
  };
}
