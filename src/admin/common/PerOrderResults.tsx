import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

export interface PerOrderResult {
  id: number;
  ok: boolean;
  message?: string;
}

/**
 * What an action on several orders did, order by order: how many it did, then each refusal with
 * its reason (bulk moves, the Royal Mail page's push and dispatch).
 */
export function PerOrderResults({
  results,
  done,
  detail,
}: {
  results: readonly PerOrderResult[];
  done: string;
  detail?: (result: PerOrderResult) => string | null;
}) {
  const succeeded = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {succeeded.length} of {results.length} order{results.length === 1 ? '' : 's'} {done}.{refused.length ? ` ${refused.length} could not be ${done}:` : ''}
      </Typography>
      {refused.length ? (
        <List dense aria-label={`Orders not ${done}`}>
          {refused.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText primary={`#${r.id}`} secondary={r.message} />
            </ListItem>
          ))}
        </List>
      ) : null}
      {detail && succeeded.length ? (
        <List dense aria-label={`Orders ${done}`}>
          {succeeded.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText primary={`#${r.id}`} secondary={detail(r)} />
            </ListItem>
          ))}
        </List>
      ) : null}
    </>
  );
}
