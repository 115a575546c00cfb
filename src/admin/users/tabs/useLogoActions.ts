import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, type Identifier } from 'react-admin';
import { LOGO_FIELD } from '../../../shared/api';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';

/** The server's message for the file, else its general message. */
const problemOf = (error: unknown): string => fieldErrorsOf(error)[LOGO_FIELD] ?? messageOf(error, 'The logo could not be saved.');

type LogoAction = { kind: 'upload'; file: File } | { kind: 'remove' };

/** Upload (or replace) and remove a user's logo; the record reloads afterwards so every view shows it. */
export function useLogoActions(userId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: (action: LogoAction) => (action.kind === 'upload' ? dataProvider.uploadLogo(userId, action.file) : dataProvider.removeLogo(userId)),
    onSuccess: (_user, action) => {
      notify(action.kind === 'upload' ? 'The logo has been saved.' : 'The logo has been removed.', { type: 'success' });
      refresh();
    },
  });
  const run = (action: LogoAction) => {
    reset(); // the last problem goes as soon as something new is tried
    mutate(action);
  };

  return {
    busy: isPending,
    problem: error ? problemOf(error) : null,
    upload: (file: File) => run({ kind: 'upload', file }),
    remove: () => run({ kind: 'remove' }),
  };
}
