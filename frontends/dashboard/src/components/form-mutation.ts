import { isApiRequestError } from '@mediakit/web-api/errors';
import { useMutation } from '@mediakit/web-shared/query';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { useState } from 'react';
import { fieldErrors } from '../lib/plan-change.ts';

/**
 * The mutation behind a form: a 400 naming fields marks those fields (`errors`, by field name);
 * any other failure goes to the shell's error dialog. `setErrors` is for the form's own checks.
 */
export function useFormMutation<TBody, TResult>(
  host: Pick<ShellHost, 'showError'>,
  mutationFn: (body: TBody) => Promise<TResult>,
  onSuccess: (result: TResult) => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn,
    meta: { silent: true },
    onSuccess,
    onError: (error) => {
      if (isApiRequestError(error) && error.status === 400 && error.details?.length)
        setErrors(fieldErrors(error.details));
      else host.showError(error);
    },
  });
  return { mutation, errors, setErrors };
}
