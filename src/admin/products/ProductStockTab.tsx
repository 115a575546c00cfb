import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CheckboxGroupInput, Confirm, ReferenceArrayInput, SaveButton, Toolbar, useGetList, useGetMany, useRecordContext, useSaveContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MarginRecord, ProductRecord, StockRecord } from '../../shared/api';
import { StaffSimpleForm } from '../common/StaffForm';
import { marginsUrl } from './margins';

function LinkedStocks({ product }: { product: ProductRecord }) {
  const { data: stocks = [] } = useGetMany<StockRecord>('stock', { ids: product.stock_ids });
  const { data: margins = [] } = useGetList<MarginRecord>('margins', {
    filter: { product_id: product.id },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'qty', order: 'ASC' },
  });
  if (!product.stock_ids.length) {
    return <Typography color="text.secondary">Not made on any stock yet: tick the stocks above and save.</Typography>;
  }
  return (
    <List
      dense
      aria-label="Linked stocks and their margins"
      sx={{
        maxWidth: 720,
        '& .MuiListItem-root': { flexWrap: 'wrap', pr: 2 },
        '& .MuiListItemSecondaryAction-root': {
          position: { xs: 'static', sm: 'absolute' },
          transform: { xs: 'none', sm: 'translateY(-50%)' },
          ml: { xs: 2, sm: 0 },
          mb: { xs: 1, sm: 0 },
        },
      }}
    >
      {product.stock_ids.map((id) => {
        const s = stocks.find((x) => x.id === id);
        const breaks = margins.filter((m) => m.stock_id === id).map((m) => m.qty);
        return (
          <ListItem
            key={id}
            divider
            secondaryAction={
              <Button
                component={RouterLink}
                to={marginsUrl(product.id, id)}
                size="small"
                variant="outlined"
                aria-label={`Margins for ${s?.name ?? 'this stock'}`}
              >
                Margins
              </Button>
            }
          >
            <ListItemText
              primary={s?.name ?? `Stock ${id}`}
              secondary={
                breaks.length
                  ? `${breaks.length} quantity break${breaks.length === 1 ? '' : 's'}: ${breaks.join(', ')}`
                  : 'No quantity breaks yet: customers cannot order it on this stock'
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}

const SaveOnly = () => (
  <Toolbar>
    <SaveButton label="Save stocks" />
  </Toolbar>
);

const breaksOf = (n: number) => `${n === 1 ? 'the only quantity break' : `the ${n} quantity breaks`}`;

/** "This deletes the 8 quantity breaks of 350gsm Silk and the only quantity break of 400gsm Matt." */
export function lossSentence(losses: ReadonlyArray<{ name: string; breaks: number }>): string {
  const parts = losses.map((loss) => `${breaksOf(loss.breaks)} of ${loss.name}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `This deletes ${list}. Customers can no longer order this product on ${losses.length === 1 ? 'that stock' : 'those stocks'}.`;
}

/**
 * The Stock tab of a product: which stocks the product is made on, and a way to each pair's margins. Unticking
 * a stock deletes its quantity breaks for this product, so saving that says what goes and asks
 * once; a save that removes nothing goes straight through.
 */
export function ProductStockTab() {
  const product = useRecordContext<ProductRecord>();
  const { save } = useSaveContext();
  const [pending, setPending] = useState<{ values: Partial<ProductRecord>; losses: Array<{ name: string; breaks: number }> } | null>(null);
  const { data: stocks = [] } = useGetMany<StockRecord>('stock', { ids: product?.stock_ids ?? [] }, { enabled: Boolean(product) });
  const { data: margins = [] } = useGetList<MarginRecord>(
    'margins',
    { filter: { product_id: product?.id }, pagination: { page: 1, perPage: 500 }, sort: { field: 'qty', order: 'ASC' } },
    { enabled: Boolean(product) },
  );
  if (!product || !save) return null;

  const submit = (values: Partial<ProductRecord>) => {
    const kept = new Set(values.stock_ids ?? []);
    const losses = product.stock_ids
      .filter((id) => !kept.has(id))
      .map((id) => ({ name: stocks.find((s) => s.id === id)?.name ?? `stock ${id}`, breaks: margins.filter((m) => m.stock_id === id).length }))
      .filter((loss) => loss.breaks > 0);
    if (losses.length === 0) return save(values);
    setPending({ values, losses });
  };

  return (
    <>
      <StaffSimpleForm toolbar={<SaveOnly />} onSubmit={submit} sx={{ maxWidth: 760 }}>
        <ReferenceArrayInput source="stock_ids" reference="stock" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200}>
          <CheckboxGroupInput
            label="Made on"
            optionText="name"
            row={false}
            helperText="Unticking a stock deletes its quantity breaks for this product: you are asked first."
          />
        </ReferenceArrayInput>
      </StaffSimpleForm>
      <Confirm
        isOpen={pending !== null}
        title={
          pending && pending.losses.length === 1 ? `Stop making ${product.name} on ${pending.losses[0].name}?` : `Stop making ${product.name} on these stocks?`
        }
        content={pending ? lossSentence(pending.losses) : ''}
        confirm="Delete the breaks and save"
        onClose={() => setPending(null)}
        onConfirm={() => {
          const values = pending?.values;
          setPending(null);
          if (values) save(values);
        }}
      />
      <Typography variant="h3" component="h2" sx={{ mt: 2, mb: 1, px: 2 }}>
        Quantity breaks and margins
      </Typography>
      <LinkedStocks product={product} />
    </>
  );
}
