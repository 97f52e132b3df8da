import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadJson } from '../../lib/recording/downloadJson';
import { CURRENT_FORMAT_VERSION } from '../../lib/recording/recordingFormat';
import recordingSchema from '../../lib/recording/recordingSchema.json';
import { readRecording, type ReadRecordingResult } from '../../lib/recording/validateRecording';

/** Larger files would freeze the tab while parsing; 500 actions of a busy session stay far below. */
export const MAX_RECORDING_BYTES = 50 * 1024 * 1024;

/** FileReader rather than Blob.text(): the same in every browser and in jsdom. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

interface RecordingLoaderProps {
  onRead: (fileName: string, result: ReadRecordingResult) => void;
}

/** A file input and a drop zone for a recording, and the schema that such a file follows. */
export function RecordingLoader({ onRead }: RecordingLoaderProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_RECORDING_BYTES) {
      const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
      onRead(file.name, { ok: false, problems: [{ key: 'qa.validation.too_large', path: '', values: { size: mb(file.size), limit: mb(MAX_RECORDING_BYTES) } }] });
      return;
    }
    onRead(file.name, readRecording(await readText(file)));
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void read(event.target.files?.[0]);
    // The same file can be chosen again after it was fixed.
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={dragging ? 'qa-replay-loader dragging' : 'qa-replay-loader'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label className="field">
        <span>{t('qa.replay.file')}</span>
        <input type="file" accept=".json,application/json" onChange={onChange} />
      </label>
      <p className="muted">{t('qa.replay.drop')}</p>
      <button type="button" className="link" onClick={() => downloadJson(`recording-v${CURRENT_FORMAT_VERSION}.schema.json`, recordingSchema)}>
        {t('qa.replay.schema', { version: CURRENT_FORMAT_VERSION })}
      </button>
    </div>
  );
}
