import { type AdminNotice, japanIsoDate, messages, noticeBody, noticeLimits } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { EditFormFooter, EditHeading, useEditing } from '../../../components/ui/edit-form.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDayRange } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAdminNotices } from '../api/list-admin-notices.ts';
import { usePostNotice } from '../api/post-notice.ts';
import { useUpdateNotice } from '../api/update-notice.ts';

/** A Japan-time day counted from today. */
const dayFromToday = (days: number) => japanIsoDate(new Date(Date.now() + days * 86_400_000));

/** Where a notice's window stands today (Japan time): members see it only while it is on. */
function windowStatus({ startsOn, endsOn }: AdminNotice) {
  const today = dayFromToday(0);
  if (startsOn > today) return { label: '掲載予定', badge: 'badge badge--pending' };
  if (endsOn < today) return { label: '掲載終了', badge: 'badge' };
  return { label: '掲載中', badge: 'badge badge--issued' };
}

/** Posts a notice, or with `editing` changes one; checked with the server's own schema first. */
function NoticeForm({
  editing,
  onDone,
}: {
  editing: AdminNotice | null;
  onDone: (updated: boolean) => void;
}) {
  const post = usePostNotice();
  const update = useUpdateNotice();
  const form = useForm(noticeBody);
  // A new notice starts today and runs two weeks, the usual case; the admin changes either day.
  const blank = { title: '', body: '', startsOn: dayFromToday(0), endsOn: dayFromToday(13) };
  const [fields, setFields] = useState(() => {
    if (!editing) return blank;
    const { title, body, startsOn, endsOn } = editing;
    return { title, body, startsOn, endsOn };
  });
  const [posted, setPosted] = useState(false);
  /** What a field component takes for `name`: its value, its setter and what is wrong with it. */
  const bind = (name: keyof typeof blank) => ({
    value: fields[name],
    onChange: (value: string) => setFields((now) => ({ ...now, [name]: value })),
    error: form.errorOf(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPosted(false);
    const body = form.validate(fields);
    if (!body) return;
    try {
      if (editing) {
        await update.mutateAsync({ noticeId: editing.id, body });
        onDone(true);
        return;
      }
      await post.mutateAsync(body);
      setPosted(true);
      setFields(blank);
    } catch (failure) {
      form.fail(failure instanceof ApiError ? failure.message : messages.genericErrorSentence);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <CountedTextarea
        id="notice-title"
        label="タイトル"
        singleLine
        {...bind('title')}
        max={noticeLimits.title}
      />
      <CountedTextarea id="notice-body" label="本文" {...bind('body')} max={noticeLimits.body} />
      <div className="notice-form__window">
        <TextField id="notice-starts-on" label="掲載開始日" type="date" short {...bind('startsOn')} />
        <TextField id="notice-ends-on" label="掲載終了日" type="date" short {...bind('endsOn')} />
      </div>
      <EditFormFooter
        summary={form.summary}
        success={posted ? messages.noticePosted : null}
        pending={post.isPending || update.isPending}
        createLabel="掲載する"
        editing={editing !== null}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}

/** `/admin/notices`: post お知らせ with the days they show, and correct the ones posted. */
export default function AdminNoticesPage() {
  useDocumentTitle('お知らせ管理');
  const query = useAdminNotices();
  const editor = useEditing<AdminNotice>();
  const { editing } = editor;
  return (
    <div className="page">
      <h1 className="page-title">お知らせ管理</h1>
      <EditHeading
        editor={editor}
        title={editing ? `お知らせを編集（${editing.title}）` : '新しいお知らせ'}
        updatedText={messages.noticeUpdated}
      />
      <NoticeForm key={editing?.id ?? 'new'} editing={editing} onDone={editor.done} />
      <h2>掲載したお知らせ</h2>
      <QueryList query={query} items={(data) => data.notices} empty={messages.noticesEmpty}>
        {(notice) => {
          const status = windowStatus(notice);
          return (
            <li className="card" data-testid="admin-notice-row">
              <p className="notice-item__title">{notice.title}</p>
              <p className="note">
                <span className={status.badge}>{status.label}</span>{' '}
                {formatDayRange(notice.startsOn, notice.endsOn)} ／ 既読 {notice.reads}人
              </p>
              <p className="notice-item__body">{notice.body}</p>
              <button type="button" className="button button--secondary" onClick={() => editor.edit(notice)}>
                編集する<span className="visually-hidden">（{notice.title}）</span>
              </button>
            </li>
          );
        }}
      </QueryList>
    </div>
  );
}
