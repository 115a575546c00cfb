import Switch from '@mui/material/Switch';
import type { MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import type { StaffCountry } from '../../shared/api';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';

/** Switches a country on or off for customers' addresses, straight from the list (saved at once). */
export function ActiveToggle(_props: { source?: string; label?: string }) {
  const country = useRecordContext<StaffCountry>();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<StaffCountry>();
  if (!country || !resource) return null;

  const toggle = () =>
    update(
      resource,
      { id: country.id, data: { active: !country.active }, previousData: country },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => notify(`${saved.name} is ${saved.active ? 'now offered' : 'no longer offered'} to customers.`, { type: 'info' }),
        onError: (error) => {
          notify(messageOf(error, 'The change was not saved.'), { type: 'error' });
          // Changed by someone else meanwhile: the list shows the country as it is now.
          if (fieldErrorsOf(error).version) refresh();
        },
      },
    );

  return (
    <Switch
      checked={country.active}
      disabled={isPending}
      onClick={(event: MouseEvent) => event.stopPropagation()} // a click on the switch must not open the row
      onChange={toggle}
      slotProps={{ input: { 'aria-label': `${country.name} offered to customers` } }}
    />
  );
}
