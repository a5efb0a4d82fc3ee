/** How the portal's rows are shown in its answers, shared by the seeker's and the enterprise's pages. */
import type { ApplicationItem, JobItem, SeekerCard } from '@parley/protocol';
import type { ActivityView } from './activity-ports.ts';
import { maskName } from './identity-codes.ts';
import type { JobView, ResumeRow } from './ports.ts';

export const jobItem = (j: JobView): JobItem => ({
  id: j.id,
  title: j.title,
  hid: j.groupID,
  group: j.groupTitle,
  xz: j.nature,
  salary: j.salary,
  province: j.province,
  citys: j.citys,
  area: j.area,
  city_name: j.cityName,
  education: j.education,
  experience: j.experience,
  company: { uid: j.companyID, title: j.companyTitle },
  time: j.createdAt,
});

/** An enterprise sees the resume's summary, never the mobile; the name falls back to the chat nick. */
export function seekerCard(uid: string, nick: string, r: ResumeRow | undefined): SeekerCard {
  return {
    uid,
    name: r?.name || nick,
    gender: r?.gender ?? 0,
    birth_year: r?.birthYear ?? 0,
    education: r?.education ?? '',
    citys: r?.citys ?? '',
    intention: r?.intention ?? '',
    intro: (r?.intro ?? '').slice(0, 200),
  };
}

/** A resume as the job seeker lets enterprises see it (PCP8): the name masked unless shown. */
export const shownResume = <R extends ResumeRow>(r: R, showName: number): R =>
  showName === 1 ? r : { ...r, name: maskName(r.name) };

export const activityBase = (v: ActivityView) => ({
  job: {
    id: v.jobID,
    title: v.jobTitle,
    salary: v.salary,
    city_name: v.cityName,
    company: { uid: v.companyID, title: v.companyTitle },
  },
  seeker: seekerCard(v.seekerID, v.seekerNick, v.resume),
  time: v.createdAt,
});

/** PCP10: an application with its status. */
export const applicationItem = (v: ActivityView): ApplicationItem => ({
  ...activityBase(v),
  status: v.status,
  status_time: v.statusTime,
});
