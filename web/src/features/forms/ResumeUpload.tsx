import { useId, useState } from 'react';
import { uploadFile, uploadToken } from '../../api/account';
import { useT } from '../../ui/translations';
import styles from '../../ui/forms.module.css';

/** Spec section 8's message for a resume that did not upload, followed by the server's reason. */
export const RESUME_FAILED = 'Failed to upload resume';

/**
 * The careers form's resume (a PDF or Word document): uploaded as soon as it is chosen, signed in
 * with the session, signed out through a one-upload token; a failure shows 'Failed to upload
 * resume' with the server's reason under the input.
 */
export function ResumeUpload(p: {
  readonly signedIn: boolean;
  readonly url: string | null;
  readonly onUploaded: (url: string | null) => void;
  readonly serverError: string | null;
}) {
  const id = useId();
  const t = useT();
  const label = t('inquiry.ResumeUrl', 'Resume (PDF or Word document)');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'failed'; text?: string }>({ kind: 'idle' });
  const choose = async (file: File | undefined) => {
    p.onUploaded(null);
    if (!file) return setState({ kind: 'idle' });
    setState({ kind: 'busy' });
    try {
      const token = p.signedIn ? undefined : (await uploadToken()).token;
      p.onUploaded(await uploadFile(file, token));
      setState({ kind: 'done', text: file.name });
    } catch (err) {
      setState({ kind: 'failed', text: `${RESUME_FAILED}: ${err instanceof Error ? err.message : 'the server cannot be reached'}` });
    }
  };
  const error = state.kind === 'failed' ? state.text! : p.serverError;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-resume`}>
        {label}
      </label>
      <input
        id={`${id}-resume`}
        name="ResumeUrl"
        type="file"
        accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-resume-error` : `${id}-resume-status`}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {error ? (
        <span id={`${id}-resume-error`} role="alert" className={styles.fieldError}>
          {error}
        </span>
      ) : (
        <span id={`${id}-resume-status`} role="status" className={styles.hint}>
          {state.kind === 'busy'
            ? t('inquiry.uploading', 'Uploading…')
            : state.kind === 'done' && p.url
              ? t('inquiry.uploaded', 'Uploaded: {file}', { file: state.text! })
              : ''}
        </span>
      )}
    </div>
  );
}
