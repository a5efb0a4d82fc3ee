import {
  type JobAddRequest,
  type JobDetail,
  type JobListRequest,
  type JobPage,
  type MyJobsRequest,
  ParleyError,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { paging } from './content-actions.ts';
import type { PortalCaller } from './access.ts';
import { jobItem } from './items.ts';
import { checkQuota } from './quota-check.ts';
import { recordJobView } from './seeker-pages-actions.ts';

/** The city when the payload names none: the city cookies (a preference, not a credential; PRT15). */
export interface CityCookies {
  province?: string | undefined;
  citys?: string | undefined;
  area?: string | undefined;
}

const REGION = /^[0-9]{6}$/;
const region = (v: string | undefined) => (v !== undefined && REGION.test(v) ? v : undefined);

/** Payload city fields win; without any, the cookies; invalid cookie values are ignored. */
function cityFilter(q: JobListRequest, cookies: CityCookies): CityCookies {
  const given = q.province !== undefined || q.citys !== undefined || q.area !== undefined;
  const source = given ? q : cookies;
  return { province: region(source.province), citys: region(source.citys), area: region(source.area) };
}

/** PRT15: keyword, group, nature and city; open jobs only, newest first. */
export async function searchJobs(d: Domain, q: JobListRequest, cookies: CityCookies): Promise<JobPage> {
  const p = paging(q.page, q.size);
  const city = cityFilter(q, cookies);
  const keyword = q.val?.trim();
  const { rows, total } = await d.storage.portal.searchJobs({
    ...(keyword ? { keyword } : {}),
    ...(q.hid === undefined ? {} : { groupID: q.hid }),
    ...(q.xz === undefined ? {} : { nature: q.xz }),
    ...(city.province ? { province: city.province } : {}),
    ...(city.citys ? { citys: city.citys } : {}),
    ...(city.area ? { area: city.area } : {}),
    offset: p.offset,
    limit: p.limit,
  });
  return { list: rows.map(jobItem), total, page: p.page, size: p.size };
}

/** PRT16: the job, its company and the enterprise's chat user ID. A closed job is not found. */
export async function jobDetail(d: Domain, id: number, viewer?: PortalCaller): Promise<JobDetail> {
  const job = await d.storage.portal.job(id);
  if (job?.status !== 1) throw ParleyError.of('PORTAL_NOT_FOUND');
  if (viewer) await recordJobView(d, viewer, id);
  const company = await d.storage.portal.company(job.companyID);
  return {
    ...jobItem(job),
    headcount: job.headcount,
    address: job.address,
    description: job.description,
    requirements: job.requirements,
    lng: job.lng,
    lat: job.lat,
    chat_uid: job.companyID,
    company_info: {
      intro: company?.intro ?? '',
      scale: company?.scale ?? '',
      industry: company?.industry ?? '',
      address: company?.address ?? '',
    },
  };
}

/** job/mine: an enterprise's own jobs, closed ones too. */
export async function myJobs(d: Domain, companyID: string, q: MyJobsRequest): Promise<JobPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.searchJobs({ companyID, offset: p.offset, limit: p.limit });
  return { list: rows.map(jobItem), total, page: p.page, size: p.size };
}

/** PRT20: an enterprise posts a job under an existing job group; it is open and listed at once. */
export async function addJob(d: Domain, companyID: string, q: JobAddRequest): Promise<JobDetail> {
  const title = q.title.trim();
  const description = q.description.trim();
  if (!title || !description) throw ParleyError.of('INVALID_PARAMS', 'title and description must not be blank');
  // A job post is user text shown to every job seeker: filtered as a chat message is (ABU17).
  const text = [title, description, q.requirements, q.salary, q.city_name, q.address, q.education, q.experience];
  if (d.contentFilter.blocks(text.join('\n'))) throw ParleyError.of('PROHIBITED_CONTENT');
  const groups = await d.storage.portal.jobGroups();
  if (!groups.some((g) => g.id === q.hid)) throw ParleyError.of('INVALID_PARAMS', 'hid: no such job group');
  await checkQuota(d, companyID, 'openJobs');
  const id = await d.storage.portal.addJob({
    companyID,
    groupID: q.hid,
    title,
    nature: q.xz,
    salary: q.salary.trim(),
    province: q.province,
    citys: q.citys,
    area: q.area,
    cityName: q.city_name.trim(),
    address: q.address.trim(),
    education: q.education.trim(),
    experience: q.experience.trim(),
    headcount: q.headcount,
    description,
    requirements: q.requirements.trim(),
    lng: 0,
    lat: 0,
    status: 1,
    createdAt: nowSeconds(d),
  });
  return jobDetail(d, id);
}
