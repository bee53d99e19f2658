import { type API, segment, withOptionsQuery } from '../core/api.js';
import { APIPromise, type ListPromise } from '../core/api-promise.js';
import { article, describe } from '../core/describe.js';
import { ValidationError, type ValidationIssue } from '../core/errors.js';
import { checkKeys } from '../core/settings.js';
import { checkRequestOptions, type ListRequestOptions, type RequestOptions } from '../core/transport.js';
import { wellFormed } from '../core/well-formed.js';
import type { CustodianAuthorityFile } from '../schemas/kind-types.generated.js';

/**
 * What may be uploaded: a Blob or File, bytes, or a stream of bytes (a Node `Readable`, a web `ReadableStream`)
 * whose every chunk is a `Uint8Array` (a `Buffer`); a chunk of text or anything else fails the upload.
 */
export type UploadSource = Blob | Uint8Array | AsyncIterable<Uint8Array>;

/** The input of `files.upload`. */
export interface FileUploadParams {
  /** The file's role: one of the auth flow's `expectedFiles` (see the authority's `pendingFiles`). */
  name: string;
  /**
   * The bytes: a `Blob` or `File`, a `Uint8Array`, or a stream of chunks (a Node `Readable`, a web `ReadableStream`).
   */
  file: UploadSource;
  /** The original file name; required unless `file` is a `File` (whose own name is the default). */
  filename?: string;
}
/**
 * The former name of `FileUploadParams`, kept so existing code compiles.
 * @deprecated use `FileUploadParams`
 */
export type FileUploadInput = FileUploadParams;

/** The proof files of a custodian authority. */
export class CustodianAuthorityFiles {
  constructor(private readonly api: API) {}

  /**
   * Uploads one file as `multipart/form-data` (one part named `file`); `name` goes in the query. A stream is
   * read into memory first: the service needs the whole multipart body, so a file is held once in memory.
   * @example
   * import { createReadStream } from 'node:fs';
   * const file = await prs.custodianAuthorities.files.upload(authorityId, {
   *   name: 'power-of-attorney', file: createReadStream('poa.pdf'), filename: 'poa.pdf',
   * });
   * console.log(file.attributes.hash); // 'sha2-256:…'
   */
  upload(authorityId: string, input: FileUploadParams, options?: RequestOptions): APIPromise<CustodianAuthorityFile> {
    const what = 'custodianAuthorities.files.upload';
    // The input is checked before the file is read, and a refusal rejects the returned promise.
    return APIPromise.defer(() => {
      segment(what, 'id', authorityId); // a bad id is refused before the file is read
      const filename = checkUpload(what, input);
      // The options too, as the call will check them: a refused call must not have consumed the caller's stream.
      if (options !== undefined) checkRequestOptions(what, options, false);
      withOptionsQuery(what, { path: '', query: { name: input.name } }, options);
      return toBlob(what, input.file).then((blob) => {
        const form = new FormData();
        form.append('file', blob, filename);
        const call: APIPromise<CustodianAuthorityFile> = this.api.call(
          what,
          { path: { id: authorityId }, body: form, query: { name: input.name } },
          options,
        );
        return call.withResponse();
      });
    }, what);
  }

  /**
   * Lists the files uploaded for the authority (files cannot be deleted).
   * @example
   * const files = await prs.custodianAuthorities.files.list(authorityId);
   */
  list(authorityId: string, options?: ListRequestOptions): ListPromise<CustodianAuthorityFile> {
    return this.api.list('custodianAuthorities.files.list', { path: { id: authorityId } }, options);
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}

/** Checks the input before anything is read or sent; returns the file name to send. */
function checkUpload(what: string, input: FileUploadParams): string {
  checkKeys(what, input, ['name', 'file', 'filename'], '');
  const issues: ValidationIssue[] = [];
  const { name, file, filename } = (input ?? {}) as Partial<FileUploadParams>;
  if (typeof name !== 'string' || name === '')
    issues.push({
      path: 'name',
      message: "is required: the file's role, one of the flow's expectedFiles (e.g. power-of-attorney)",
    });
  const isFile = typeof File !== 'undefined' && file instanceof File;
  if (!(file instanceof Blob || file instanceof Uint8Array || isAsyncIterable(file))) {
    issues.push({
      path: 'file',
      message: 'must be a Blob, a File, a Uint8Array or a stream of bytes (e.g. fs.createReadStream)',
    });
  }
  if (filename !== undefined && (typeof filename !== 'string' || filename === ''))
    issues.push({ path: 'filename', message: 'must be a non-empty string' });
  else if (filename === undefined && !isFile && file !== undefined) {
    issues.push({
      path: 'filename',
      message: 'is required unless file is a File: the service records the original file name',
    });
  }
  // FormData writes these into the part's header changed (`"` as %22, a line break as %0D%0A, a lone surrogate
  // as U+FFFD): the service would record another name than the one given.
  const sent = filename ?? (isFile ? file.name : undefined);
  if (typeof sent === 'string' && (/["\r\n]/.test(sent) || !wellFormed(sent)))
    issues.push({
      path: filename === undefined ? 'file.name' : 'filename',
      message: `must not hold a double quote, a line break or a lone surrogate (half of a UTF-16 pair): FormData would send it changed (%22, %0D%0A, U+FFFD)${filename === undefined ? ': give filename' : ''}`,
    });
  if (issues.length) throw new ValidationError(what, issues);
  return filename ?? (file as File).name;
}

/**
 * The bytes to send, a stream read whole first: nothing is sent before its last chunk. A chunk that is not bytes
 * would be written as text (`[object Object]`, `42`, a lone surrogate as U+FFFD): refused, which also ends the
 * stream (`for await` returns it).
 */
async function toBlob(what: string, file: UploadSource): Promise<Blob> {
  if (file instanceof Blob) return file;
  if (file instanceof Uint8Array) return new Blob([file as Uint8Array<ArrayBuffer>]);
  const chunks: BlobPart[] = [];
  for await (const chunk of file as AsyncIterable<unknown>) {
    if (!(chunk instanceof Uint8Array)) {
      // By its kind only: a chunk's content is the file's.
      const got =
        typeof chunk === 'object' || typeof chunk === 'function' || chunk === undefined
          ? describe(chunk)
          : article(typeof chunk);
      throw new ValidationError(what, [
        {
          path: 'file',
          message: `must be a stream of bytes (Uint8Array or Buffer chunks; no setEncoding), got ${got} at chunk index ${chunks.length}`,
        },
      ]);
    }
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  }
  return new Blob(chunks);
}
