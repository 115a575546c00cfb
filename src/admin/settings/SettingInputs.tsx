import InputAdornment from '@mui/material/InputAdornment';
import { BooleanInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { ROLE_LABELS, SETTING_VALUE_RULES, type StaffSetting } from '../../shared/api';

const VALUE_HELP = 'What the site shows or uses.';

/** The shared rule of a typed setting (SETTING_VALUE_RULES), beside the input while typing; the server applies it again. */
const ruleOf = (name: string) => (value: unknown) => {
  const rule = SETTING_VALUE_RULES[name];
  if (!rule) return undefined;
  const result = rule.safeParse(typeof value === 'string' ? value : value == null ? '' : String(value));
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** Roles a registration may be given (never staff), in the words of the users' forms. */
const REGISTRATION_CHOICES = (['none', 'user', 'trade'] as const).map((id) => ({ id, name: ROLE_LABELS[id] }));

interface NumberValueInputProps {
  label: string;
  /** Shown after the number: "%", "MB"; or before it with `unitFirst` ("£"). */
  unit: string;
  unitFirst?: boolean;
  validate: (value: unknown) => string | undefined;
  helperText: string;
  /** The number input's own limits and keyboard. */
  htmlInput: { min: number; max: number; step: number; inputMode: 'decimal' | 'numeric' };
}

/** A number the setting holds (as text), with its unit after it. */
function NumberValueInput({ label, unit, unitFirst = false, validate, helperText, htmlInput }: NumberValueInputProps) {
  const input = unitFirst
    ? { startAdornment: <InputAdornment position="start">{unit}</InputAdornment> }
    : { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> };
  return (
    <TextInput source="value" label={label} type="number" validate={validate} helperText={helperText} sx={{ maxWidth: 240 }} slotProps={{ htmlInput, input }} />
  );
}

/**
 * The value's input, typed by what the setting holds: a choice of role for
 * REGISTRATION_ROLE, numbers for VAT_RATE and ARTWORK_MAX_MB, an e-mail or telephone input for
 * contact details, free text otherwise. Values stay text (the API stores every setting as text).
 * A later typed setting adds its case here and its rule in SETTING_VALUE_RULES.
 */
function ValueInput({ name }: { name: string }) {
  const validate = ruleOf(name);
  switch (name) {
    case 'REGISTRATION_ROLE':
      // Required: a registration always gets one of these roles, so the select offers no blank.
      return (
        <SelectInput
          source="value"
          label="Role of new registrations"
          choices={REGISTRATION_CHOICES}
          validate={validate}
          isRequired
          helperText="“No access” means staff approve each new account here before it may order."
        />
      );
    case 'VAT_RATE':
      return (
        <NumberValueInput
          label="VAT rate"
          unit="%"
          validate={validate}
          helperText="Percent, e.g. 20 or 17.5"
          htmlInput={{ min: 0, max: 100, step: 0.01, inputMode: 'decimal' }}
        />
      );
    case 'ARTWORK_MAX_MB':
      return (
        <NumberValueInput
          label="Largest artwork upload"
          unit="MB"
          validate={validate}
          helperText="Whole megabytes, 1 to 2048"
          htmlInput={{ min: 1, max: 2048, step: 1, inputMode: 'numeric' }}
        />
      );
    case 'PROOF_PRICE':
      return (
        <NumberValueInput
          label="Proof price"
          unit="£"
          unitFirst
          validate={validate}
          helperText="Pounds per item with a proof, e.g. 4.50; 0 makes proofs free"
          htmlInput={{ min: 0, max: 1000, step: 0.01, inputMode: 'decimal' }}
        />
      );
    case 'STAFF_EMAIL':
    case 'COMPANY_EMAIL':
      return <TextInput source="value" label="E-mail address" type="email" validate={validate} helperText={VALUE_HELP} />;
    case 'COMPANY_PHONE':
      return <TextInput source="value" label="Telephone" type="tel" validate={validate} helperText="UK, or international starting with +" />;
    default:
      return <TextInput source="value" label="Value" multiline minRows={2} validate={validate} helperText={VALUE_HELP} />;
  }
}

/** A setting's editable parts; its name is fixed because the code reads settings by name. */
export function SettingInputs() {
  const setting = useRecordContext<StaffSetting>();
  if (!setting) return null;
  return (
    <>
      <ValueInput name={setting.name} />
      <TextInput source="description" label="Description" multiline helperText="For staff: what this setting is for." />
      <BooleanInput
        source="public"
        label="Public"
        helperText="Public settings can be read by anyone, also signed-out visitors (the status banner and the footer need this). Keep VAT numbers and internal values staff only."
      />
    </>
  );
}
