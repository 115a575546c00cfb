import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CheckboxGroupInput, ReferenceArrayInput, SaveButton, SimpleForm, Toolbar, useGetList, useGetMany, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MarginRecord, ProductRecord, StockRecord } from '../../shared/api';
import { staffUrl } from '../areas/staffAreas';

/** The margins page of a product on a stock (specification: /admin/products/{productid}/stock/{stockid}/margins). */
export const marginsUrl = (productId: number, stockId: number) => staffUrl(`products/${productId}/stock/${stockId}/margins`);

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
    <List dense aria-label="Linked stocks and their margins" sx={{ maxWidth: 720 }}>
      {product.stock_ids.map((id) => {
        const s = stocks.find((x) => x.id === id);
        const breaks = margins.filter((m) => m.stock_id === id).map((m) => m.qty);
        return (
          <ListItem
            key={id}
            divider
            secondaryAction={
              <Button component={RouterLink} to={marginsUrl(product.id, id)} size="small" variant="outlined" aria-label={`Margins for ${s?.name ?? 'this stock'}`}>
                Margins
              </Button>
            }
          >
            <ListItemText
              primary={s?.name ?? `Stock ${id}`}
              secondary={breaks.length ? `${breaks.length} quantity break${breaks.length === 1 ? '' : 's'}: ${breaks.join(', ')}` : 'No quantity breaks yet: customers cannot order it on this stock'}
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

/** The stock part: which stocks the product is made on, and a way to each pair's margins. */
export function StockPart() {
  const product = useRecordContext<ProductRecord>();
  if (!product) return null;
  return (
    <>
      <SimpleForm toolbar={<SaveOnly />} sx={{ maxWidth: 760 }}>
        <ReferenceArrayInput source="stock_ids" reference="stock" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200}>
          <CheckboxGroupInput
            label="Made on"
            optionText="name"
            row={false}
            helperText="Unlinking a stock removes its quantity breaks for this product."
          />
        </ReferenceArrayInput>
      </SimpleForm>
      <Typography variant="h3" component="h2" sx={{ mt: 2, mb: 1, px: 2 }}>
        Quantity breaks and margins
      </Typography>
      <LinkedStocks product={product} />
    </>
  );
}
