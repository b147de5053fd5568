import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, type MouseEvent } from 'react';

interface CreateCallbacks<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

/**
 * A create button that makes one thing, however it is clicked (issue 32). The form's draft gets a
 * client-made id (a UUID), kept until the create succeeds, so a resend after a failure (or an answer lost
 * on the way) is the same entity on the device and on the server. A submit while one is on its way is
 * dropped at once: a ref, because a second click can come before the disabled button has re-rendered.
 */
export function useCreateOnce<Input, Output>(create: (input: Input, id: string) => Promise<Output>) {
  const draftId = useRef<string | null>(null);
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ input, id }: { input: Input; id: string }) => create(input, id),
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (input: Input, callbacks: CreateCallbacks<Output> = {}) => {
      if (sending.current) return;
      sending.current = true;
      draftId.current ??= crypto.randomUUID();
      mutate(
        { input, id: draftId.current },
        {
          onSuccess: (output) => {
            draftId.current = null;
            callbacks.onSuccess?.(output);
          },
          onError: callbacks.onError,
          onSettled: () => {
            sending.current = false;
          },
        },
      );
    },
    [mutate],
  );
  return {
    submit,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    isError: mutation.isError,
    error: mutation.error,
  };
}

/**
 * The submit button's click handler: the second click of a double click (`detail` 2, 3…) is not a second
 * request. A form whose first click already succeeded and emptied its fields would otherwise send those
 * empty fields and show a refusal the person never asked for.
 */
export function ignoreRepeatClick(event: MouseEvent<HTMLButtonElement>): void {
  if (event.detail > 1) event.preventDefault();
}
