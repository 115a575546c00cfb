import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ReportAnswers, ReportQueryInput } from '../../shared/api/staff-reports';
import type { ReportName } from '../../shared/domain/reports/reports';
import { SaveFileButton } from '../../shared/ui/download';
import type { StaffDataProvider } from '../dataProvider';
import { messageOf } from '../dataProvider/errors';
import { useReport } from './useReport';
import { REPORT_VIEWS, type ReportTable } from './views';

/** The numbers of a chart as a table: for screen readers, and for copying into a spreadsheet. */
function NumbersTable({ caption, table }: { caption: string; table: ReportTable }) {
  return (
    <TableContainer sx={{ maxHeight: 360, overflowX: 'auto' }}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, marginBottom: 4 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {table.columns.map((c) => (
              <TableCell key={c.label} scope="col" align={c.numeric ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, i) => (
            <TableRow key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <TableCell key={j} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={j} align={table.columns[j].numeric ? 'right' : 'left'}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One report in a card: its chart (or, at the toggle, the same numbers as a table), a CSV of it,
 * and what it says while loading, when the range holds nothing, and when the server refused or failed.
 * The chart takes its card's width, so nothing scrolls sideways on a phone.
 */
export function ReportPanel<N extends ReportName>({
  name,
  query,
  enabled = true,
  height = 260,
  title,
}: {
  name: N;
  query: ReportQueryInput;
  enabled?: boolean;
  height?: number;
  /** A heading other than the report's own ("Orders this month"). */
  title?: string;
}) {
  const view = REPORT_VIEWS[name];
  const dataProvider = useDataProvider<StaffDataProvider>();
  const report = useReport(name, query, enabled);
  const [shown, setShown] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const heading = title ?? view.title;
  const answer = report.data as ReportAnswers[N] | undefined;
  const span = name === 'waiting' ? 'now' : `${query.from ?? ''}-to-${query.to ?? ''}`;
  const note = answer && view.note ? view.note(answer) : null;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }} data-testid={`report-${name}`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography id={headingId} variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
            {heading}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={shown} onChange={(_e, v) => v && setShown(v)} aria-label={`${heading}: show as`}>
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {!enabled ? (
          <Typography color="text.secondary">Choose a range above.</Typography>
        ) : report.isPending ? (
          <Skeleton variant="rectangular" height={height} aria-label={`Loading ${heading}`} />
        ) : report.isError ? (
          <Alert severity="error">{messageOf(report.error)}</Alert>
        ) : answer && view.isEmpty(answer) ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {view.emptyText}
          </Typography>
        ) : answer && shown === 'table' ? (
          <NumbersTable caption={heading} table={view.table(answer)} />
        ) : answer ? (
          <Box role="figure" aria-label={`${heading}: a chart; choose Table for its numbers`} sx={{ width: '100%', minWidth: 0 }}>
            {view.chart(answer, height)}
          </Box>
        ) : null}
        {note && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {note}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>
          <SaveFileButton disabled={!enabled || report.isError} fetchFile={() => dataProvider.reportCsv(name, query)} name={`${name}-${span}.csv`}>
            Download CSV
          </SaveFileButton>
        </Box>
      </CardContent>
    </Card>
  );
}
