import { BooleanInput, TextInput } from 'react-admin';

/** A setting's editable parts; its name is fixed because the code reads settings by name. */
export function SettingInputs() {
  return (
    <>
      <TextInput source="value" label="Value" multiline minRows={2} helperText="What the site shows or uses. Some settings only take certain values; you are told if one does not fit." />
      <TextInput source="description" label="Description" multiline helperText="For staff: what this setting is for." />
      <BooleanInput
        source="public"
        label="Public"
        helperText="Public settings can be read by anyone, also signed-out visitors (the status banner and the footer need this). Keep VAT numbers and internal values staff only."
      />
    </>
  );
}
