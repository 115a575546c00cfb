import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { z } from 'zod';
import { TextInput } from '../../src/customer/components/TextInput';
import { useZodForm, type SchemaSource } from '../../src/customer/forms/useZodForm';

describe('TextInput', () => {
  it('is a labelled field: required mark, helper text as its description, aria-invalid on error', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TextInput id="email" name="email" label="E-mail address" value="" onChange={onChange} required type="email" helperText="We never share it" />,
    );
    const input = screen.getByLabelText(/^E-mail address/);
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('We never share it');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('label')?.textContent).toMatch(/^E-mail address\s*\*$/);

    fireEvent.change(input, { target: { value: 'jo@example.com' } });
    expect(onChange).toHaveBeenCalledTimes(1);

    rerender(
      <TextInput id="email" name="email" label="E-mail address" value="jo@" onChange={onChange} required error helperText="Enter a valid e-mail address" />,
    );
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription('Enter a valid e-mail address');
  });

  it('without helper text has no dangling description', () => {
    render(<TextInput id="town" label="Town" value="York" onChange={() => undefined} />);
    expect(screen.getByLabelText('Town')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Town')).toHaveValue('York');
  });
});

const schema = z.object({ name: z.string().min(1, 'Name is required') });

function NameForm({ source, onSubmit }: { source: SchemaSource<{ name: string }>; onSubmit: (data: { name: string }) => Promise<string | void> }) {
  const form = useZodForm({ schema: source, initialValues: { name: '' }, onSubmit });
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <TextInput {...form.field('name')} label="Name" />
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
      {form.formError && <p role="alert">{form.formError}</p>}
      {form.success && <p role="status">{form.success}</p>}
    </form>
  );
}

describe('useZodForm with a lazily imported schema', () => {
  it('starts the import when a field is first focused, once', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    render(<NameForm source={load} onSubmit={async () => 'Sent'} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText('Name'));
    fireEvent.focus(screen.getByLabelText('Name'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before the schema arrived waits for it, shows the button busy, then checks the values', async () => {
    let arrive!: (s: typeof schema) => void;
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const onSubmit = vi.fn(async () => 'Sent');
    render(<NameForm source={load} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Send' })); // a second click while waiting does nothing more
    arrive(schema);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the schema cannot be downloaded, says so and lets the visitor try again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(schema);
    render(<NameForm source={load} onSubmit={async () => 'Sent'} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useZodForm and server failures', () => {
  it("a 5xx is said in plain words, not with the server's developer text", async () => {
    const config = { headers: new AxiosHeaders() };
    const failure = new AxiosError(
      'Request failed',
      AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      {
        status: 500,
        statusText: '',
        data: { message: 'Internal Server Error' },
        headers: {},
        config,
      },
    );
    render(<NameForm source={schema} onSubmit={() => Promise.reject(failure)} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side, and nothing was saved. Please try again in a moment.');
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });
});
