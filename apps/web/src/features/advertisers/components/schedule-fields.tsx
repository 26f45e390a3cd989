import { type AdSchedule, scheduleToday } from '@quiz-points/shared';
import { TextField } from '../../../components/ui/text-field.tsx';

/** The window as the form holds it: '' for a day left open. */
export interface ScheduleValues {
  startDate: string;
  endDate: string;
}

export const scheduleValues = (schedule: AdSchedule): ScheduleValues => ({
  startDate: schedule.startDate ?? '',
  endDate: schedule.endDate ?? '',
});

/** The window as the request carries it: null for a day left open. */
export const scheduleBody = (values: ScheduleValues) => ({
  startDate: values.startDate || null,
  endDate: values.endDate || null,
});

/**
 * The optional delivery window: the first and the last day the ad may deliver, Japan time,
 * both included. The shared schema checks it (the end not before the start, nothing already past).
 */
export function ScheduleFields({
  value,
  onChange,
  errorOf,
}: {
  value: ScheduleValues;
  onChange: (value: ScheduleValues) => void;
  errorOf: (field: string) => string;
}) {
  const today = scheduleToday();
  return (
    <fieldset className="field">
      <legend className="field__label">配信期間（任意）</legend>
      <div className="choice-row">
        <TextField
          id="ad-start-date"
          label="配信開始日"
          type="date"
          min={today}
          value={value.startDate}
          onChange={(startDate) => onChange({ ...value, startDate })}
          error={errorOf('startDate')}
        />
        <TextField
          id="ad-end-date"
          label="配信終了日"
          type="date"
          min={value.startDate || today}
          value={value.endDate}
          onChange={(endDate) => onChange({ ...value, endDate })}
          error={errorOf('endDate')}
        />
      </div>
      <p className="note">
        日本時間で、開始日の0時から終了日の24時まで配信します。指定しない場合は、承認後すぐに配信を始め、配信上限に達するか配信を終了するまで続けます。
      </p>
    </fieldset>
  );
}
