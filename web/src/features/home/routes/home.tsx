import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { homeQueries } from '../api/queries';
import { AboutSkills } from '../components/about-skills';
import { AdmissionSection } from '../components/admission-section';
import { BlogPosts } from '../components/blog-posts';
import { CategoriesGrid } from '../components/categories-grid';
import { CourseCarouselSection, PopularCourses } from '../components/course-sections';
import { Hero } from '../components/hero';
import { InstructorCall } from '../components/instructor-call';
import { InstructorShowcase } from '../components/instructor-showcase';
import { Newsletter } from '../components/newsletter';
import { Promo } from '../components/promo';
import { StatsBand } from '../components/stats-band';
import { Testimonials } from '../components/testimonials';
import { WhyChooseUs } from '../components/why-choose-us';

/**
 * The home page, every section in order, its lists from one `GET /api/home`. The sections after the first screen's
 * two render when they come near the viewport (`deferred`), but for the two with a form (admission, newsletter):
 * accessibility checkers (axe, in Lighthouse) misjudge the contrast and size of controls not rendered yet.
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  useDocumentMeta(t('meta.title'), t('meta.description'));
  const home = useQuery(homeQueries.page());
  const data = home.data;
  const loading = home.isPending;

  return (
    <div
      data-testid="home"
      className="[&>:nth-child(n+3):not([data-section=admission],[data-section=newsletter])]:deferred"
    >
      <Hero />
      <InstructorCall />
      <Section>
        <Promo />
      </Section>
      <Section>
        <AboutSkills />
      </Section>
      <Section>
        <PopularCourses courses={data?.popularCourses ?? []} loading={loading} />
      </Section>
      {home.isError && !data && (
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
          <LoadError onRetry={() => void home.refetch()} />
        </div>
      )}
      <Section>
        <CourseCarouselSection
          sectionKey="bestSelling"
          courses={data?.bestSellingCourses ?? []}
          loading={loading}
          tinted
        />
      </Section>
      <Section>
        <CourseCarouselSection sectionKey="bestRated" courses={data?.bestRatedCourses ?? []} loading={loading} />
      </Section>
      <Section>
        <CourseCarouselSection
          sectionKey="topPopular"
          courses={data?.topPopularCourses ?? []}
          loading={loading}
          tinted
        />
      </Section>
      <Section>
        <CourseCarouselSection sectionKey="free" courses={data?.freeCourses ?? []} loading={loading} />
      </Section>
      <Section>
        <CategoriesGrid categories={data?.categories ?? []} />
      </Section>
      <Section>
        <WhyChooseUs />
      </Section>
      <Section>
        <InstructorShowcase instructors={data?.instructors ?? []} loading={loading} />
      </Section>
      <Section>
        <StatsBand />
      </Section>
      <Section>
        <Testimonials testimonials={data?.testimonials ?? []} />
      </Section>
      <Section>
        <AdmissionSection />
      </Section>
      <Section>
        <Newsletter />
      </Section>
      <Section>
        <BlogPosts posts={data?.posts ?? []} />
      </Section>
    </div>
  );
}

/**
 * A section React takes over from the server's HTML on its own (a Suspense boundary): the page is hydrated section by
 * section, each in tasks of its own, rather than in one long task during which a phone answers no input.
 */
function Section({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
