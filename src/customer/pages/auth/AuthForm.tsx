import type { ReactNode } from 'react';
import type { ZodForm } from '../../forms/useZodForm';
import { SubmitButton } from '../../mui-free/Button';

interface AuthFormProps {
  form: Pick<ZodForm<never>, 'handleSubmit' | 'submitting'>;
  /** The button's words, e.g. "Log in". */
  submit: ReactNode;
  children: ReactNode;
}

/** A signed-out page's form: its fields, then the one full-width button that sends it (the browser's own checks off: the shared schema speaks). */
export function AuthForm({ form, submit, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      {children}
      <SubmitButton submitting={form.submitting} fullWidth>
        {submit}
      </SubmitButton>
    </form>
  );
}

/** The line under a signed-out page's form: where else the visitor may go. */
export function BelowForm({ children }: { children: ReactNode }) {
  return <p className="pj-body2 pj-below">{children}</p>;
}
