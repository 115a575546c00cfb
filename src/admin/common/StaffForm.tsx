import { SimpleForm, type SimpleFormProps } from 'react-admin';

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

/** A staff form: react-admin's SimpleForm with the house conventions (STAFF_FORM_PROPS). */
export function StaffSimpleForm(props: SimpleFormProps) {
  return <SimpleForm {...STAFF_FORM_PROPS} {...props} />;
}
