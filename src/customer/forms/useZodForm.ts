import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { isAxiosError } from 'axios';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/api/errors';
import { apiErrors } from '../../shared/http';

/** A form's values as its inputs hold them: text, or a checkbox's state. */
export type FormValues = Record<string, string | boolean>;
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;
type BooleanKeys<Values> = { [K in keyof Values]: Values[K] extends boolean ? K : never }[keyof Values] & string;

/**
 * A shared schema, or a function that imports it. The import form keeps zod out of the page's
 * first download: it starts when a field is first focused and is awaited by submit if need be.
 */
export type SchemaSource<Output> = z.ZodType<Output> | (() => Promise<z.ZodType<Output>>);

export interface ZodFormOptions<Values extends FormValues, Output> {
  /** The shared schema the server validates with too (src/shared/api), or its lazy import. */
  schema: SchemaSource<Output>;
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
  /** Starts loading a lazily imported schema, so that it is there by the time the form is sent. */
  onFocus: () => void;
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
  checkbox: (name: BooleanKeys<Values>) => { name: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onFocus: () => void };
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';
/** For a 5xx: the server's own words are for developers ("Internal Server Error"); the error dialog has shown already. */
const SERVER_FAILED = 'Something went wrong on our side, and nothing was saved. Please try again in a moment.';

/**
 * The behaviour every form of the customer app shares: check with the shared zod schema before
 * sending (first message per field), show the server's 422 messages beside the same fields,
 * refuse a second submit while one is under way, and keep the words confirming success.
 */
export function useZodForm<Values extends FormValues, Output>({ schema, initialValues, onSubmit }: ZodFormOptions<Values, Output>): ZodForm<Values> {
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A ref as well as state: two quick clicks must not both pass before React re-renders.
  const inFlight = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // The values as last rendered, for a submit that resumes after the schema has arrived.
  const latestValues = useRef(values);
  useEffect(() => {
    latestValues.current = values;
  }, [values]);

  // The schema itself, or its import: started once (on first focus or submit), retried after a failure.
  const loadedSchema = useRef<z.ZodType<Output> | null>(typeof schema === 'function' ? null : schema);
  const schemaImport = useRef<Promise<z.ZodType<Output>> | null>(null);
  const loadSchema = useCallback((): Promise<z.ZodType<Output>> => {
    if (loadedSchema.current) return Promise.resolve(loadedSchema.current);
    if (typeof schema !== 'function') return Promise.resolve(schema);
    schemaImport.current ??= schema().then(
      (loaded) => (loadedSchema.current = loaded),
      (error: unknown) => {
        schemaImport.current = null;
        throw error;
      },
    );
    return schemaImport.current;
  }, [schema]);
  const warmSchema = useCallback(() => {
    loadSchema().catch(() => undefined); // a failure shows when the form is sent
  }, [loadSchema]);

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

  // After a failed check, move focus to the first field with a message (keyboard and screen readers),
  // in the same commit as the messages appear: a passive effect could run after someone reads the page.
  const focusHandled = useRef(0);
  useLayoutEffect(() => {
    if (focusRequest === focusHandled.current) return; // only once per failed submit, not per keystroke
    focusHandled.current = focusRequest;
    const first = Object.keys(values).find((name) => name in errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [focusRequest, values, errors, fieldId]);

  const showFailure = useCallback(
    (error: unknown) => {
      if (isAxiosError(error) && (error.response?.status ?? 0) >= 500) {
        setErrors({});
        setFormError(SERVER_FAILED);
        return;
      }
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

  const finish = () => {
    inFlight.current = false;
    setSubmitting(false);
  };

  const checkAndSend = (checker: z.ZodType<Output>, formValues: Values) => {
    const checked = checker.safeParse(formValues);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setFormError(null);
      setFocusRequest((n) => n + 1);
      finish();
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    onSubmit(checked.data)
      .then((message) => {
        if (message) setSuccess(message);
      })
      .catch(showFailure)
      .finally(finish);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSuccess(null);
    if (loadedSchema.current) {
      checkAndSend(loadedSchema.current, values);
      return;
    }
    // The schema is still on its way (the form was sent without a field ever focused): wait for it.
    setSubmitting(true);
    loadSchema().then(
      (checker) => checkAndSend(checker, latestValues.current),
      () => {
        setFormError(UNREACHABLE);
        finish();
      },
    );
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
    onFocus: warmSchema,
    error: name in errors,
    helperText: errors[name] ?? hint,
  });

  const checkbox = (name: BooleanKeys<Values>) => ({
    name,
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as Values[typeof name]),
    onFocus: warmSchema,
  });

  return { values, errors, formError, success, submitting, setValue, reset, field, checkbox, handleSubmit };
}
