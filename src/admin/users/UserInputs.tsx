import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '../../shared/domain/payments/terms';
import { staffUserFields, companyNameProblem } from '../../shared/api/staff-users';
import { fieldProblem } from '../../shared/api/fields';
import { ROLE_CHOICES } from './roleChoices';

/** Two inputs side by side on wide screens, stacked on phones. */
function Pair({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, width: '100%', maxWidth: 720 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Each input's rule is the server's own field schema (src/shared/api/fields.ts), so the message
 * beside the input while typing is the one the server, the profile and the order form give.
 */
const rule = (field: Exclude<keyof typeof staffUserFields, 'company_name' | 'role'>) => (value: unknown) => fieldProblem(staffUserFields[field], value);
/** A number input that may be left empty: only a value typed is checked. */
const optionalNumber = (field: 'credit_limit' | 'credit_days') => (value: unknown) =>
  value === null || value === undefined || value === '' ? undefined : fieldProblem(staffUserFields[field], value);
const validate = {
  firstname: rule('firstname'),
  lastname: rule('lastname'),
  title: rule('title'),
  email: rule('email'),
  telephone: rule('telephone'),
  mobile: rule('mobile'),
  address1: rule('address1'),
  address2: rule('address2'),
  town: rule('town'),
  county: rule('county'),
  postcode: rule('postcode'),
  // Empty is allowed: no limit; the days as they are (a new account: 30).
  credit_limit: optionalNumber('credit_limit'),
  credit_days: optionalNumber('credit_days'),
};

const PAYMENT_TERMS_CHOICES = PAYMENT_TERMS.map((id) => ({ id, name: PAYMENT_TERMS_LABELS[id] }));
/** The credit limit is kept in pence and typed in pounds; emptied, it is no limit (null). */
const poundsToPence = (value: unknown) => (value === '' || value === null || value === undefined ? null : Math.round(Number(value) * 100));
const penceToPounds = (value: unknown) => (typeof value === 'number' ? value / 100 : '');

/** The company name is needed on trade accounts only (the shared rule the server applies too). */
const validateCompany = (value: unknown, values: { role?: string }) =>
  companyNameProblem({ role: values.role, company_name: typeof value === 'string' ? value : '' })?.company_name;

/**
 * The account's fields, shared by "Add user" and the Details tab. The server checks them again
 * (the same shared rules); its 422 messages appear beside each input.
 */
export function UserInputs() {
  return (
    <>
      <Section title="Person">
        <Pair>
          <TextInput source="firstname" label="First name" isRequired validate={validate.firstname} autoComplete="off" />
          <TextInput source="lastname" label="Last name" isRequired validate={validate.lastname} autoComplete="off" />
        </Pair>
        <TextInput source="title" label="Title (Mr, Ms, Dr…)" validate={validate.title} sx={{ maxWidth: 240 }} />
        <TextInput source="email" label="E-mail" type="email" isRequired validate={validate.email} autoComplete="off" />
        <Pair>
          <TextInput source="telephone" label="Telephone" type="tel" validate={validate.telephone} helperText="UK, or international starting with +" />
          <TextInput source="mobile" label="Mobile" type="tel" validate={validate.mobile} helperText="UK, or international starting with +" />
        </Pair>
      </Section>
      <Section title="Company and address">
        <TextInput source="company_name" label="Company" validate={validateCompany} helperText="Needed for a trade account; optional for customers." />
        <TextInput source="address1" label="Address line 1" isRequired validate={validate.address1} />
        <TextInput source="address2" label="Address line 2" validate={validate.address2} />
        <Pair>
          <TextInput source="town" label="Town" isRequired validate={validate.town} />
          <TextInput source="county" label="County" validate={validate.county} />
        </Pair>
        <Pair>
          <TextInput source="postcode" label="Postcode" isRequired validate={validate.postcode} />
          <ReferenceInput source="country_id" reference="delivery/countries" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput label="Country" optionText="name" isRequired />
          </ReferenceInput>
        </Pair>
      </Section>
      <Section title="Access">
        <SelectInput
          source="role"
          label="Role"
          choices={ROLE_CHOICES}
          isRequired
          helperText="Customers order; trade customers get trade terms; no access means awaiting approval; staff can use this area."
        />
      </Section>
      <Section title="Payment terms">
        <SelectInput
          source="payment_terms"
          label="Pays"
          choices={PAYMENT_TERMS_CHOICES}
          emptyText="The default for new accounts"
          helperText="Card: pays by card when confirming each order. Account: invoiced, pays within the credit days."
        />
        <Pair>
          <NumberInput
            source="credit_limit"
            label="Credit limit (£)"
            min={0}
            step={100}
            parse={poundsToPence}
            format={penceToPounds}
            validate={validate.credit_limit}
            helperText="Empty: no limit."
          />
          <NumberInput
            source="credit_days"
            label="Credit days"
            min={0}
            max={365}
            step={1}
            validate={validate.credit_days}
            helperText="Invoices are due this many days after their date."
          />
        </Pair>
      </Section>
      <Section title="Dispatch">
        <BooleanInput
          source="blind_dispatch"
          label="Blind dispatch by default"
          helperText="New orders go under the customer's name: no printer branding in the parcel, their delivery note in it. They can change it per order."
        />
      </Section>
    </>
  );
}
