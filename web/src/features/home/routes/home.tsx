import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
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
      <Section name="promo">
        <Promo />
      </Section>
      <Section name="about">
        <AboutSkills />
      </Section>
      <Section name="popular">
        <PopularCourses courses={data?.popularCourses ?? []} loading={loading} />
      </Section>
      {home.isError && !data && (
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
          <LoadError onRetry={() => void home.refetch()} />
        </div>
      )}
      <Section name="bestSelling">
        <CourseCarouselSection
          sectionKey="bestSelling"
          courses={data?.bestSellingCourses ?? []}
          loading={loading}
          tinted
        />
      </Section>
      <Section name="bestRated">
        <CourseCarouselSection sectionKey="bestRated" courses={data?.bestRatedCourses ?? []} loading={loading} />
      </Section>
      <Section name="topPopular">
        <CourseCarouselSection
          sectionKey="topPopular"
          courses={data?.topPopularCourses ?? []}
          loading={loading}
          tinted
        />
      </Section>
      <Section name="free">
        <CourseCarouselSection sectionKey="free" courses={data?.freeCourses ?? []} loading={loading} />
      </Section>
      <Section name="categories">
        <CategoriesGrid categories={data?.categories ?? []} />
      </Section>
      <Section name="why">
        <WhyChooseUs />
      </Section>
      <Section name="instructors">
        <InstructorShowcase instructors={data?.instructors ?? []} loading={loading} />
      </Section>
      <Section name="stats">
        <StatsBand />
      </Section>
      <Section name="testimonials">
        <Testimonials testimonials={data?.testimonials ?? []} />
      </Section>
      <Section name="admission">
        <AdmissionSection />
      </Section>
      <Section name="newsletter">
        <Newsletter />
      </Section>
      <Section name="blog">
        <BlogPosts posts={data?.posts ?? []} />
      </Section>
    </div>
  );
}

/**
 * A section React takes over from the server's HTML on its own, when it comes near the screen (`name`: its
 * `data-section`): a phone hydrates the first screen first, and the rest a section at a time as the person scrolls.
 */
function Section({ name, children }: { name: string; children: ReactNode }) {
  return <HydrateWhenNear target={`[data-section="${name}"]`}>{children}</HydrateWhenNear>;
}
