import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { failureText } from '../../../lib/api-client';
import { SendIcon } from '../../../components/ui/icons';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { cannotShare, responseBoxProps } from './response-box';
import type { ResponseFormProps } from './response-form';
import { focusIn } from './response-handoff';
import { SpectrumPicker } from './spectrum-picker';

const loadForm = () => import('./response-form');

type Props = Omit<ResponseFormProps, 'takeOver'>;

/**
 * Today's answer box. Most visits to Home read the question before answering it, and the form's
 * code (react-hook-form with it) is the largest part of the page: it arrives when the person
 * starts to answer (moves the pointer over it, touches or focuses it, or presses Share). Until then this
 * stand-in looks and types the same; the form takes over the text, the placement, a pressed
 * Share and the focus with its caret.
 */
export const ResponseComposer = (props: Props) => {
  const [LoadedForm, setLoadedForm] = useState<ComponentType<ResponseFormProps> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [spectrumPosition, setSpectrumPosition] = useState<number | null>(null);
  const shell = useRef<HTMLFormElement>(null);
  const submitPressed = useRef(false);
  /**
   * Share pressed down but not yet released: pressing starts loading the form, which may take
   * the stand-in's place before the release, and a click needs both on one element. A press
   * the form took over is a pressed Share.
   */
  const sharePressStarted = useRef(false);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadForm().then(
      (module) => setLoadedForm(() => module.ResponseForm),
      (error: unknown) => {
        loading.current = false;
        if (submitPressed.current) setFailure(failureText(error));
      },
    );
  };

  // The page arrives with the question and this box rendered on the server: words typed before
  // the code adopted it are kept, not wiped by the first render's empty text. Someone who had
  // started to answer then (typed, or is in the box) gets the form now: the focus or pointer
  // that brings it came before anything listened.
  useLayoutEffect(() => {
    const box = shell.current;
    const typed = box?.querySelector('textarea')?.value;
    if (typed) setContent(typed);
    if (typed || (box && box.contains(document.activeElement))) load();
  }, []);

  if (LoadedForm) {
    return (
      <LoadedForm
        {...props}
        takeOver={() => ({
          content,
          spectrumPosition,
          submit: submitPressed.current || sharePressStarted.current,
          focus: focusIn(shell.current),
        })}
      />
    );
  }
  return (
    <form
      ref={shell}
      noValidate
      className="flex flex-col gap-5"
      // Moving over the form, pressing in it or focusing it; not a pointer the page moved under.
      onPointerMove={load}
      onPointerDown={load}
      onPointerUp={() => {
        // Released on the stand-in itself: its own click (or none) decides.
        sharePressStarted.current = false;
      }}
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault();
        submitPressed.current = true;
        setFailure(null);
        load();
      }}
    >
      <TextAreaField value={content} onValueChange={setContent} {...responseBoxProps(content)} />
      <SpectrumPicker value={spectrumPosition} onChange={setSpectrumPosition} />
      {failure && (
        <Callout tone="danger" role="alert">
          {failure}
        </Callout>
      )}
      <div>
        <Button
          type="submit"
          disabled={cannotShare(content)}
          onPointerDown={() => (sharePressStarted.current = true)}
        >
          <SendIcon aria-hidden="true" />
          Share Response
        </Button>
      </div>
    </form>
  );
};
