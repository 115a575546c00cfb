import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Alert, ButtonLink, Checkbox, Field, FormAlerts, SelectField, SubmitButton } from '../../src/customer/mui-free';
import { PlainAddressFields } from '../../src/customer/components/PlainAddressFields';
import { ADDRESS_SECTIONS } from '../../src/customer/components/addressFieldRows';
import type { TextFieldBinding } from '../../src/customer/forms/useZodForm';

/** Router links need a router around them. */
function inRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(<RouterProvider router={router} />);
}

describe('plain Field', () => {
  it('is a labelled field: required mark, helper text as its description, aria-invalid on error', () => {
    const onChange = vi.fn();
    const { rerender, container } = render(
      <Field id="email" name="email" label="E-mail address" value="" onChange={onChange} required type="email" helperText="We never share it" />,
    );
    const input = screen.getByLabelText(/^E-mail address/);
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleName('E-mail address'); // the asterisk is decoration
    expect(input).toHaveAccessibleDescription('We never share it');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(container.querySelector('label')?.textContent).toMatch(/^E-mail address\s*\*$/);
    expect(container.querySelector('.pj-field')).not.toHaveClass('pj-field--filled');

    fireEvent.change(input, { target: { value: 'jo@example.com' } });
    expect(onChange).toHaveBeenCalledTimes(1);

    rerender(<Field id="email" name="email" label="E-mail address" value="jo@" onChange={onChange} required error helperText="Enter a valid e-mail address" />);
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription('Enter a valid e-mail address');
    // A value keeps the label in the outline's notch; the error colours the field.
    expect(container.querySelector('.pj-field')).toHaveClass('pj-field--filled', 'pj-field--error');
  });

  it('without helper text has no dangling description', () => {
    render(<Field id="town" label="Town" value="York" onChange={() => undefined} />);
    expect(screen.getByLabelText('Town')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Town')).toHaveValue('York');
    expect(screen.getByLabelText('Town')).not.toBeRequired();
  });

  it('a disabled field cannot be typed into', () => {
    render(<Field id="town" label="Town" value="" onChange={() => undefined} disabled />);
    expect(screen.getByLabelText('Town')).toBeDisabled();
  });
});

describe('plain SelectField', () => {
  it('is a labelled native select with its message as the description', () => {
    const onChange = vi.fn();
    render(
      <SelectField id="country" label="Country" value="" onChange={onChange} required error helperText="Choose a country">
        <option value="">Choose a country</option>
        <option value="1">United Kingdom</option>
      </SelectField>,
    );
    const select = screen.getByLabelText(/^Country/);
    expect(select.tagName).toBe('SELECT');
    expect(select).toBeRequired();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a country');
    fireEvent.change(select, { target: { value: '1' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('plain Checkbox', () => {
  it('is a real checkbox named by its label, and clicking the label toggles it', () => {
    const seen: boolean[] = [];
    const onChange = vi.fn((event: { target: { checked: boolean } }) => seen.push(event.target.checked));
    const { rerender, container } = render(<Checkbox label="Remember me" name="remember" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box).not.toBeChecked();
    fireEvent.click(screen.getByText('Remember me'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]); // what the form is told: now checked

    rerender(<Checkbox label="Remember me" name="remember" checked onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(container.querySelector('.pj-check-box')).toHaveClass('pj-check-box--checked');
  });
});

describe('plain buttons', () => {
  it('the submit button is marked busy, with a spinner, while the form is being sent, and keeps the focus', () => {
    const { rerender, container } = render(<SubmitButton submitting={false}>Log in</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(container.querySelector('.pj-spinner')).toBeNull();

    button.focus();
    rerender(<SubmitButton submitting>Log in</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus();
    expect(container.querySelector('.pj-spinner')).not.toBeNull();
  });

  it('a button link is a router link, or with href a plain one', () => {
    inRouter(
      <>
        <ButtonLink to="/login">Log in</ButtonLink>
        <ButtonLink variant="outlined" href="/">
          Go to the home page
        </ButtonLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('plain alerts', () => {
  it('an error is an alert, a success a polite status', () => {
    render(<FormAlerts error="Too many attempts" success="Sent" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByRole('status')).toHaveTextContent('Sent');
  });

  it('shows nothing without a message', () => {
    const { container } = render(<FormAlerts error={null} success={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('takes a link inside its text', () => {
    inRouter(
      <Alert severity="error">
        This reset link has expired <a href="/password/reset">Ask for a new link</a>
      </Alert>,
    );
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('link', { name: 'Ask for a new link' }));
  });
});

describe('plain address fields (registration)', () => {
  const binding = (name: string): TextFieldBinding => ({
    id: `r-${name}`,
    name,
    value: '',
    onChange: () => undefined,
    onFocus: () => undefined,
    error: false,
    helperText: undefined,
  });

  it('has every field of the shared list, labelled, required where DESIGN says, then the country', () => {
    const countries = { status: 'loaded' as const, countries: [{ id: 1, code: 'GB', name: 'United Kingdom' }] };
    render(<PlainAddressFields field={binding} countries={countries} />);
    for (const row of ADDRESS_SECTIONS.flatMap((section) => section.fields)) {
      const input = screen.getByLabelText(new RegExp(`^${row.label}`));
      expect(input).toHaveAttribute('name', row.name);
      expect(input).toHaveAttribute('autocomplete', row.autoComplete);
      if (row.required) expect(input).toBeRequired();
      else expect(input).not.toBeRequired();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Address' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Country/)).toBeRequired();
    expect(screen.getByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
  });

  it('says so beside the country when the list of countries could not be loaded', () => {
    render(<PlainAddressFields field={binding} countries={{ status: 'failed' }} />);
    const country = screen.getByLabelText(/^Country/);
    expect(country).toBeDisabled();
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription('The list of countries could not be loaded. Reload the page to try again.');
  });
});
