import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CheckboxGroupInput, EditBase, SaveButton, useGetList, useRecordContext } from 'react-admin';
import type { StaffUser, ProductRecord } from '../../../shared/api';
import { StaleRecordNotice } from '../../common/StaleRecordNotice';
import { StaffForm } from '../../common/StaffForm';

/**
 * The Products tab: which restricted products this customer may see and order. Saved on the
 * user-products record, whose id is the user's and which carries `product_ids`.
 */
export function ProductsTab() {
  const user = useRecordContext<StaffUser>();
  const { data: restricted = [], isPending } = useGetList<ProductRecord>('products', {
    filter: { restricted: true },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  if (!user) return null;
  return (
    <EditBase resource="user-products" id={user.id} mutationMode="pessimistic" redirect={false}>
      <StaffForm>
        <Box sx={{ px: 2, pt: 2, '&:empty': { display: 'none' } }}>
          <StaleRecordNotice />
        </Box>
        <Typography variant="body1" sx={{ p: 2, pb: 0, maxWidth: 720 }}>
          Restricted products are shown only to the customers ticked here. Every other product is open to all customers.
        </Typography>
        {!isPending && restricted.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            No product is restricted. Mark a product restricted on its Details to offer it to chosen customers only.
          </Alert>
        ) : (
          <CheckboxGroupInput source="product_ids" label="May order" choices={restricted} optionText="name" optionValue="id" row={false} sx={{ px: 2 }} />
        )}
        <SaveButton label="Save products" sx={{ m: 2 }} />
      </StaffForm>
    </EditBase>
  );
}
