import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { MIME, type UploadExt } from './file-sniff';

/** Stored names are generated (128 random bits + the sniffed extension); nothing of the client's name is kept on disk. */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf|doc|docx)$/;

/** The File storage port's local-folder adapter: DATA_DIR/uploads. */
@Injectable()
export class UploadStore {
  readonly dir: string;

  constructor(@Inject(CONFIG) config: Config) {
    this.dir = path.join(config.dataDir, 'uploads');
  }

  async save(bytes: Buffer, ext: UploadExt): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: 0o640 });
    return name;
  }

  async exists(name: string): Promise<boolean> {
    if (!STORED_NAME.test(name)) return false;
    return fs.stat(path.join(this.dir, name)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async read(name: string): Promise<{ bytes: Buffer; mime: string; ext: UploadExt } | null> {
    if (!STORED_NAME.test(name)) return null;
    const ext = name.split('.')[1] as UploadExt;
    try {
      return { bytes: await fs.readFile(path.join(this.dir, name)), mime: MIME[ext], ext };
    } catch {
      return null;
    }
  }

  /** Deletes an upload for good (an erased person's); a name not ours, or already gone, is no error. */
  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  /** The path of an upload given as /uploads/<name>, if it is one of ours and exists. */
  async ownUpload(url: string, exts: readonly UploadExt[]): Promise<string | null> {
    const m = /^\/uploads\/([a-f0-9]{32}\.([a-z]+))$/.exec(url);
    if (!m || !exts.includes(m[2] as UploadExt)) return null;
    return (await this.exists(m[1]!)) ? url : null;
  }
}
