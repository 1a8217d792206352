import type { ReactNode, Ref } from 'react';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../../../../../src/contract/lead-email';
import forms from '../../../ui/forms.module.css';

type Props = {
  /** The form's useId: the fields are `${id}-subject` and `${id}-body`. */
  readonly id: string;
  readonly subject: string;
  readonly body: string;
  readonly onSubject: (subject: string) => void;
  readonly onBody: (body: string) => void;
  /** True while the text names a merge field that does not exist: the message is marked invalid. */
  readonly invalid: boolean;
  /** The id of what tells how to write the message. */
  readonly describedBy: string;
  readonly bodyRef?: Ref<HTMLTextAreaElement>;
  /** Said under the message (how to write it). */
  readonly children?: ReactNode;
};

/** An e-mail's subject and message, with merge fields, as the composer and the template editor both edit them. */
export function EmailDraftFields({ id, subject, body, onSubject, onBody, invalid, describedBy, bodyRef, children }: Props) {
  return (
    <>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-subject`}>
          Subject
        </label>
        <input
          className={forms.input}
          id={`${id}-subject`}
          value={subject}
          maxLength={EMAIL_SUBJECT_MAX}
          onChange={(e) => onSubject(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-body`}>
          Message
        </label>
        <textarea
          id={`${id}-body`}
          className={forms.input}
          ref={bodyRef}
          value={body}
          rows={8}
          maxLength={EMAIL_BODY_MAX}
          onChange={(e) => onBody(e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
        {children}
      </div>
    </>
  );
}
