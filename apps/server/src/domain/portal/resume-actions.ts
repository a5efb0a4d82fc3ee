import {
  type ApplyExpertRequest,
  EXPERT_STATUS,
  type ExpertApplication,
  type ExpertApplyData,
  ParleyError,
  type ResumeData,
  type ResumeFields,
  type ResumeSaveRequest,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import type { ExpertApplicationRow, ResumeRow } from './ports.ts';

const EMPTY: ResumeFields = { name: '', gender: 0, birth_year: 0, education: '', citys: '', intention: '', intro: '' };

const fields = (r: ResumeRow | undefined): ResumeFields =>
  r
    ? {
        name: r.name,
        gender: r.gender as 0 | 1 | 2,
        birth_year: r.birthYear,
        education: r.education,
        citys: r.citys,
        intention: r.intention,
        intro: r.intro,
      }
    : { ...EMPTY };

/** PRT12: the fields still empty; none missing means complete (jl_status 0). */
function missing(f: ResumeFields): string[] {
  return (Object.keys(EMPTY) as (keyof ResumeFields)[]).filter((k) => {
    const v = f[k];
    return typeof v === 'string' ? v.trim() === '' : v === 0;
  });
}

function view(userID: string, row: ResumeRow | undefined): ResumeData {
  const f = fields(row);
  const gaps = missing(f);
  return { uid: userID, resume: f, jl_status: gaps.length > 0 ? 1 : 0, missing: gaps, updated_at: row?.updatedAt ?? 0 };
}

export async function resumeStatus(d: Domain, userID: string): Promise<ResumeData> {
  return view(userID, await d.storage.portal.resume(userID));
}

export async function saveResume(d: Domain, userID: string, input: ResumeSaveRequest): Promise<ResumeData> {
  const { uid: _uid, ...patch } = input;
  return d.storage.transaction(async (tx) => {
    const current = fields(await tx.portal.resume(userID));
    const next = { ...current, ...patch };
    const row: ResumeRow = {
      userID,
      name: next.name.trim(),
      gender: next.gender,
      birthYear: next.birth_year,
      education: next.education.trim(),
      citys: next.citys,
      intention: next.intention.trim(),
      intro: next.intro.trim(),
      updatedAt: nowSeconds(d),
    };
    await tx.portal.putResume(row);
    return view(userID, row);
  });
}

const application = (r: ExpertApplicationRow): ExpertApplication => ({
  uid: r.userID,
  field: r.field,
  intro: r.intro,
  status: r.status,
  time: r.createdAt,
});

/** PRT13: one application per job seeker. */
export async function applyExpert(d: Domain, userID: string, input: ApplyExpertRequest): Promise<ExpertApplication> {
  const field = input.field.trim();
  const intro = input.intro.trim();
  if (!field || !intro) throw ParleyError.of('INVALID_PARAMS', 'field and intro must not be blank');
  const row: ExpertApplicationRow = { userID, field, intro, status: EXPERT_STATUS.PENDING, createdAt: nowSeconds(d) };
  if (!(await d.storage.portal.addExpertApplication(row))) throw ParleyError.of('PORTAL_ALREADY_APPLIED');
  return application(row);
}

export async function expertApplication(d: Domain, userID: string): Promise<ExpertApplyData> {
  const row = await d.storage.portal.expertApplication(userID);
  return { application: row ? application(row) : null };
}
