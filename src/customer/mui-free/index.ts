/**
 * The small set of components the signed-out pages are built from instead of MUI (see muiFree.css):
 * the first page of most visits (/login) then loads no MUI or emotion code at all.
 */
export { Alert, FormAlerts } from './Alert';
export { Button, ButtonLink, SubmitButton, buttonClass } from './Button';
export { Checkbox } from './Checkbox';
export { Field, FieldFrame } from './Field';
export { SelectField } from './SelectField';
export { TextLink } from './TextLink';
