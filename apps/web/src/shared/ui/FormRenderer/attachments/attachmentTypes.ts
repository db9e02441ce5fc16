import type {
  Attachment,
  AttachmentList,
  AttachmentVersion,
  FileIndexDefinition,
  FileIndexSearch,
  FileIndexValues,
  StoredFile,
} from '@der/contracts';
import type { ReactNode } from 'react';

/**
 * The server calls of the attachments and file indexes components (spec §7.6), given by the runtime form page
 * for the saved item; without them (previews) the components say they work on a saved item only.
 */
export interface FormAttachmentServices {
  load(widgetKey: string): Promise<AttachmentList>;
  /** Stores one file (uploadFiles), reporting the fraction sent. */
  upload(file: File, onProgress: (fraction: number) => void): Promise<StoredFile>;
  add(widgetKey: string, fileIds: number[]): Promise<AttachmentList>;
  remove(attachmentId: number): Promise<AttachmentList>;
  replace(attachmentId: number, fileId: number): Promise<Attachment>;
  versions(attachmentId: number): Promise<AttachmentVersion[]>;
  /** The content of a version (default: the current one). */
  download(attachmentId: number, version?: number): Promise<Blob>;
  loadIndexConfigs(widgetKey: string): Promise<FileIndexDefinition[]>;
  saveIndexes(attachmentId: number, values: FileIndexValues): Promise<Attachment>;
  /** getAllFileIndexes over the application of the form (the fileIndexes component). */
  searchIndexes(query: {
    values?: FileIndexValues;
    search?: string;
    page: number;
    pageSize: number;
  }): Promise<FileIndexSearch>;
}

/** What an attachment action (the signatures' 'Assinar', 'Carimbar') knows about the row it was chosen on. */
export interface AttachmentActionContext {
  attachment: Attachment;
  itemId: number;
  widgetKey: string;
  /** Whether the user may change the item's attachments now. */
  canEdit: boolean;
  /** A workflow step waits for this user's signature on this attachment (they may sign it though not change it). */
  awaitingMySignature: boolean;
  /** Reloads the list (after the action made a new version). */
  refresh: () => void;
}

/**
 * An extension of each attachment row's menu, supplied by the runtime form page
 * (FormRendererServices.attachmentActions): shown when `isAvailable` says so; choosing it renders its dialog
 * until the dialog calls `close`.
 */
export interface AttachmentAction {
  key: string;
  /** Already translated. */
  label: string;
  icon?: ReactNode;
  isAvailable?: (context: AttachmentActionContext) => boolean;
  renderDialog: (context: AttachmentActionContext & { close: () => void }) => ReactNode;
}
