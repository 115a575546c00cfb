import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/api';
import { apiErrors } from '../../shared/http';

/** A form's values as its inputs hold them: text, or a checkbox's state. */
export type FormValues = Record<string, string | boolean>;
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;
type BooleanKeys<Values> = { [K in keyof Values]: Values[K] extends boolean ? K : never }[keyof Values] & string;

export interface ZodFormOptions<Values extends FormValues, Output> {
  /** The shared schema the server validates with too (src/shared/api). */
  schema: z.ZodType<Output>;
  initialValues: Values;
  /** Sends the checked data; returns the words confirming success, or nothing (e.g. it navigated). */
  onSubmit: (data: Output) => Promise<string | void>;
}

/** The props a MUI TextField needs to be one of the form's fields. */
export interface TextFieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error: boolean;
  helperText: string | undefined;
}

export interface ZodForm<Values extends FormValues> {
  values: Values;
  /** One message per field: the first the schema gives, or the server's 422 text. */
  errors: Record<string, string>;
  /** A message about the whole form (a failure that names no field shown on it). */
  formError: string | null;
  /** The words confirming the last successful submit. */
  success: string | null;
  submitting: boolean;
  setValue: <K extends keyof Values>(name: K, value: Values[K]) => void;
  reset: (values?: Values) => void;
  field: (name: TextKeys<Values>, hint?: string) => TextFieldBinding;
  checkbox: (name: BooleanKeys<Values>) => { name: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/**
 * The behaviour every form of the customer app shares: check with the shared zod schema before
 * sending (first message per field), show the server's 422 messages beside the same fields,
 * refuse a second submit while one is under way, and keep the words confirming success.
 */
export function useZodForm<Values extends FormValues, Output>({
  schema,
  initialValues,
  onSubmit,
}: ZodFormOptions<Values, Output>): ZodForm<Values> {
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A ref as well as state: two quick clicks must not both pass before React re-renders.
  const inFlight = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const fieldId = useCallback((name: string) => `${idPrefix}-${name}`, [idPrefix]);

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field answers its message; the success note no longer describes the form.
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name as string];
      return rest;
    });
    setSuccess(null);
  }, []);

  // After a failed check, move focus to the first field with a message (keyboard and screen readers).
  const focusHandled = useRef(0);
  useEffect(() => {
    if (focusRequest === focusHandled.current) return; // only once per failed submit, not per keystroke
    focusHandled.current = focusRequest;
    const first = Object.keys(values).find((name) => name in errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [focusRequest, values, errors, fieldId]);

  const showFailure = useCallback(
    (error: unknown) => {
      const api = apiErrors(error);
      if (!api) {
        setErrors({});
        setFormError(UNREACHABLE);
        return;
      }
      setErrors(api.errors);
      const shownBesideAField = Object.keys(api.errors).some((name) => name in values);
      setFormError(shownBesideAField ? null : api.message);
      setFocusRequest((n) => n + 1);
    },
    [values],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setSuccess(null);
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setFormError(null);
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    inFlight.current = true;
    setSubmitting(true);
    onSubmit(checked.data)
      .then((message) => {
        if (message) setSuccess(message);
      })
      .catch(showFailure)
      .finally(() => {
        inFlight.current = false;
        setSubmitting(false);
      });
  };

  const reset = useCallback(
    (next?: Values) => {
      setValues(next ?? initialValues);
      setErrors({});
      setFormError(null);
    },
    [initialValues],
  );

  const field = (name: TextKeys<Values>, hint?: string): TextFieldBinding => ({
    id: fieldId(name),
    name,
    value: values[name] as string,
    onChange: (event) => setValue(name, event.target.value as Values[typeof name]),
    error: name in errors,
    helperText: errors[name] ?? hint,
  });

  const checkbox = (name: BooleanKeys<Values>) => ({
    name,
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as Values[typeof name]),
  });

  return { values, errors, formError, success, submitting, setValue, reset, field, checkbox, handleSubmit };
}
