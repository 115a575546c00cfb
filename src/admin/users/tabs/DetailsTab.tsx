import { StaffSimpleForm } from '../../common/StaffForm';
import { SaveDeleteToolbar } from '../../common/SaveDeleteToolbar';
import { UserInputs } from '../UserInputs';

/** Save, and soft delete (hidden on one's own account: canAccess refuses it, the server too). */
function DetailsToolbar() {
  return (
    <SaveDeleteToolbar
      confirmTitle="Delete this user?"
      confirmContent="They are signed out everywhere and can no longer sign in. Their orders and invoices are kept."
    />
  );
}

/** The Details tab: the account's fields and role. */
export function DetailsTab() {
  return (
    <StaffSimpleForm toolbar={<DetailsToolbar />} sx={{ maxWidth: 760 }}>
      <UserInputs />
    </StaffSimpleForm>
  );
}
