import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, Toolbar, type SimpleFormProps } from 'react-admin';

/**
 * react-admin lets a dirty form's navigation pass when it goes to an address below the form's
 * (`formRootPathname`); our record tabs are such addresses (/admin/users/5/logo), and leaving the
 * Details tab with unsaved edits must ask too. No path starts with this one, so every way out asks.
 */
const ASK_ON_EVERY_WAY_OUT = '\u0000';

/**
 * What every staff form carries (issue 10): our inline field errors only, never the browser's
 * bubbles (`noValidate`), and the unsaved-changes prompt for the menu, another tab and "Back".
 * Spread it on react-admin's <Form>; SimpleForm-based forms use StaffSimpleForm.
 */
export const STAFF_FORM_PROPS = { noValidate: true, warnWhenUnsavedChanges: true, formRootPathname: ASK_ON_EVERY_WAY_OUT } as const;

/**
 * A staff form: react-admin's SimpleForm layout (one input per line, the toolbar below) on its <Form>
 * with the house conventions (STAFF_FORM_PROPS). Not SimpleForm itself: it hands the props it does
 * not know, `formRootPathname` among them, on to its layout's DOM element.
 */
export function StaffSimpleForm({ children, className, sx, toolbar = <Toolbar />, ...formProps }: SimpleFormProps) {
  return (
    <Form {...STAFF_FORM_PROPS} {...formProps}>
      {/* Room below the inputs on phones, where the toolbar sits over the foot of the page. */}
      <CardContent className={className} sx={[{ pb: { xs: '5em', sm: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
        <Stack sx={{ alignItems: 'flex-start' }}>{children}</Stack>
      </CardContent>
      {toolbar}
    </Form>
  );
}
