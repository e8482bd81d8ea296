import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { TextField } from '../../../components/text-field';
import { buttonSmall, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import {
  type Child,
  childrenQueryOptions,
  type LinkedChild,
  linkChild,
  type School,
  schoolsQueryOptions,
} from '../api/school';
import { SchoolLinks } from '../components/school-links';
import { t } from '../i18n';

interface LinkValues {
  admissionNumber: string;
  studentName: string;
}

/**
 * School fees › Schools: the directory of partner schools (searched on the server, paged), linking a
 * child (school + admission number + the child's name as the school has it) and the linked children.
 */
export default function SchoolsRoute() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = usePageParam();
  const [chosen, setChosen] = useState<School | null>(null);
  const schools = useQuery(schoolsQueryOptions(search, page));
  const [childPage, setChildPage] = usePageParam('childrenPage');
  const children = useQuery(childrenQueryOptions(childPage));
  return (
    <div>
      <ScreenHeading level={1}>{t('school.schools.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('school.schools.intro')}</p>
      <SchoolLinks />
      <form
        aria-label={t('school.schools.searchForm')}
        className="mt-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
          setPage(1);
        }}
      >
        <label className="grid gap-1 font-semibold text-slate-900">
          {t('school.schools.search')}
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="block w-72 max-w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 font-normal text-slate-900"
          />
        </label>
        <Button type="submit">{t('school.schools.searchButton')}</Button>
      </form>
      <PagedTable<School>
        query={schools}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('school.schools.pages')}
        caption={t('school.schools.caption')}
        isScrollFocusable
        rowKey={(school) => school.schoolRef}
        emptyText={t('school.schools.empty')}
        columns={[
          {
            key: 'name',
            header: t('school.fields.school'),
            isRowHeader: true,
            cell: (school) => school.name,
          },
          {
            key: 'where',
            header: t('school.fields.where'),
            cell: (school) => `${school.town}, ${school.county}`,
          },
          { key: 'level', header: t('school.fields.level'), cell: (school) => school.levelLabel },
          {
            key: 'paybill',
            header: t('school.fields.paybill'),
            cell: (school) => school.paybill ?? t('school.na'),
          },
          {
            key: 'link',
            header: t('school.fields.action'),
            cell: (school) => (
              <button
                type="button"
                className={buttonSmall}
                aria-label={t('school.schools.linkAt', { school: school.name })}
                onClick={() => setChosen(school)}
              >
                {t('school.schools.link')}
              </button>
            ),
          },
        ]}
      />
      {chosen ? (
        <LinkChildForm key={chosen.schoolRef} school={chosen} onDone={() => setChosen(null)} />
      ) : null}
      <section aria-labelledby="children-heading" className="mt-8">
        <h2 id="children-heading" className="text-xl font-bold text-slate-900">
          {t('school.children.title')}
        </h2>
        <PagedTable<Child>
          query={children}
          page={childPage}
          onPageChange={setChildPage}
          pagesLabel={t('school.children.pages')}
          caption={t('school.children.caption')}
          hideCaption
          isScrollFocusable
          rowKey={(child) => String(child.childId)}
          emptyText={t('school.children.empty')}
          columns={[
            {
              key: 'name',
              header: t('school.fields.student'),
              isRowHeader: true,
              cell: (child) => child.studentName,
            },
            { key: 'adm', header: t('school.fields.admission'), cell: (child) => child.admissionNumber },
            {
              key: 'grade',
              header: t('school.fields.grade'),
              cell: (child) => child.grade ?? t('school.na'),
            },
            { key: 'school', header: t('school.fields.school'), cell: (child) => child.school.name },
          ]}
        />
      </section>
    </div>
  );
}

function LinkChildForm({ school, onDone }: { school: School; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [linked, setLinked] = useState<LinkedChild | null>(null);
  const form = useForm<LinkValues>({ defaultValues: { admissionNumber: '', studentName: '' } });
  const link = useMutation({ mutationFn: linkChild });
  const onSubmit = async (values: LinkValues) => {
    let failed = false;
    if (!values.admissionNumber.trim()) {
      form.setError('admissionNumber', { message: t('school.link.admissionRequired') });
      failed = true;
    }
    if (values.studentName.trim().length < 2) {
      form.setError('studentName', { message: t('school.link.nameRequired') });
      failed = true;
    }
    if (failed) return;
    try {
      const child = await link.mutateAsync({ schoolRef: school.schoolRef, ...values });
      setLinked(child);
      void queryClient.invalidateQueries({ queryKey: ['client', 'school'], exact: false });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors ?? []) {
          if (item.field === 'admissionNumber' || item.field === 'studentName')
            form.setError(item.field, { message: item.message });
        }
      }
    }
  };
  const serverError =
    link.error && !(link.error instanceof ApiError && link.error.errors?.length)
      ? t('school.link.failed')
      : null;
  return (
    <Card id="link-child" title={t('school.link.title', { school: school.name })} className="mt-6">
      {linked ? (
        <div role="status" className="text-slate-800">
          <p className="font-semibold text-emerald-900">
            {t(linked.alreadyLinked ? 'school.link.already' : 'school.link.done', {
              name: linked.studentName,
              school: linked.school.name,
            })}
          </p>
          <p className="mt-3 flex flex-wrap gap-4">
            <Link to={paths.portalSchoolInvoice.getHref()} className={linkButton}>
              {t('school.link.seeInvoices')}
            </Link>
            <button type="button" className={linkButton} onClick={onDone}>
              {t('school.link.close')}
            </button>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-xl gap-4">
          <p className="text-slate-700">{t('school.link.intro')}</p>
          {serverError ? <ErrorSummary errors={[{ message: serverError }]} /> : null}
          <TextField
            label={t('school.link.admission')}
            hint={t('school.link.admissionHint')}
            autoComplete="off"
            registration={form.register('admissionNumber')}
            error={form.formState.errors.admissionNumber?.message}
          />
          <TextField
            label={t('school.link.name')}
            hint={t('school.link.nameHint')}
            autoComplete="off"
            registration={form.register('studentName')}
            error={form.formState.errors.studentName?.message}
          />
          <Button type="submit" disabled={link.isPending}>
            {link.isPending ? t('school.link.linking') : t('school.link.submit')}
          </Button>
        </form>
      )}
    </Card>
  );
}
