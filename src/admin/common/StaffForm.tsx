import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useRef } from 'react';
import { Form, Toolbar, type FormProps, type SimpleFormProps } from 'react-admin';
import { KeepTypedContext, StaleRecordNotice, type KeepTyped } from './StaleRecordNotice';

/**
 * react-admin lets a dirty form's navigation pass when it goes to an address below the form's
 * (`formRootPathname`); our record tabs are such addresses (/admin/users/5/logo), and leaving the
 * Details tab with unsaved edits must ask too. No path starts with this one, so every way out asks.
 */
const ASK_ON_EVERY_WAY_OUT = '\u0000';

/**
 * What every staff form carries: our inline field errors only, never the browser's
 * bubbles (`noValidate`), and the unsaved-changes prompt for the menu, another tab and "Back".
 * StaffForm and StaffSimpleForm put them on react-admin's <Form>.
 */
export const STAFF_FORM_PROPS = { noValidate: true, warnWhenUnsavedChanges: true, formRootPathname: ASK_ON_EVERY_WAY_OUT } as const;

/**
 * A staff form: react-admin's <Form> with the house conventions (STAFF_FORM_PROPS), which keeps what
 * was typed when the record is read again after a stale save (StaleRecordNotice, placed among its
 * children, says so and offers the reload).
 */
export function StaffForm({ children, ...formProps }: FormProps) {
  const keepTyped = useRef<KeepTyped>({}).current;
  return (
    <KeepTypedContext.Provider value={keepTyped}>
      <Form {...STAFF_FORM_PROPS} resetOptions={keepTyped} {...formProps}>
        {children}
      </Form>
    </KeepTypedContext.Provider>
  );
}

/**
 * A staff form in react-admin's SimpleForm layout (one input per line, the toolbar below), with the
 * stale-save notice above the inputs. Not SimpleForm itself: it hands the props it does not know,
 * `formRootPathname` among them, on to its layout's DOM element.
 */
export function StaffSimpleForm({ children, className, sx, toolbar = <Toolbar />, ...formProps }: SimpleFormProps) {
  return (
    <StaffForm {...formProps}>
      {/* Room below the inputs on phones, where the toolbar sits over the foot of the page. */}
      <CardContent className={className} sx={[{ pb: { xs: '5em', sm: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
        <Stack sx={{ alignItems: 'flex-start' }}>
          <StaleRecordNotice />
          {children}
        </Stack>
      </CardContent>
      {toolbar}
    </StaffForm>
  );
}
